// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0

/// The stylesheet the RSS feeds name (`stylesheet: auto`), so that a browser opening a feed
/// shows a readable list of its entries rather than raw XML. Written for Galley.
enum FeedStylesheet {
    static let text = """
        <?xml version="1.0" encoding="UTF-8"?>
        <xsl:stylesheet version="1.0" xmlns:xsl="http://www.w3.org/1999/XSL/Transform">
          <xsl:output method="html" encoding="UTF-8" indent="yes"/>
          <xsl:template match="/rss/channel">
            <html lang="{language}">
              <head>
                <meta charset="utf-8"/>
                <meta name="viewport" content="width=device-width, initial-scale=1"/>
                <title><xsl:value-of select="title"/></title>
                <style>
                  body { max-width: 44rem; margin: 2rem auto; padding: 0 1rem; font: 16px/1.5 system-ui, sans-serif; color: #222; }
                  header p { color: #555; }
                  article { border-top: 1px solid #ddd; padding: .8rem 0; }
                  time { color: #666; font-size: .85rem; }
                  h2 { font-size: 1.15rem; margin: .2rem 0; }
                </style>
              </head>
              <body>
                <header>
                  <h1><a href="{link}"><xsl:value-of select="title"/></a></h1>
                  <p><xsl:value-of select="description"/></p>
                  <p>This is a feed: give its address to a feed reader to follow the site.</p>
                </header>
                <xsl:for-each select="item">
                  <article>
                    <time><xsl:value-of select="pubDate"/></time>
                    <h2><a href="{link}"><xsl:value-of select="title"/></a></h2>
                  </article>
                </xsl:for-each>
              </body>
            </html>
          </xsl:template>
        </xsl:stylesheet>

        """
}
