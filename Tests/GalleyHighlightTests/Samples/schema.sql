-- Pages and their headings.
CREATE TABLE pages (
    id INTEGER PRIMARY KEY,
    path TEXT NOT NULL UNIQUE,
    title VARCHAR(200),
    words INTEGER DEFAULT 0
);

INSERT INTO pages (path, title, words) VALUES ('index.md', 'Home', 120);

SELECT p.path, COUNT(h.id) AS headings
FROM pages p
LEFT JOIN headings h ON h.page_id = p.id
WHERE p.words > 100 AND p.title IS NOT NULL
GROUP BY p.path
ORDER BY headings DESC
LIMIT 10;
