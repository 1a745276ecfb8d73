#!/usr/bin/env python3
# Copyright 2026 The Galley authors
# SPDX-License-Identifier: Apache-2.0
"""Differential test of `galley lint` against mdl 0.12.0 on generated Markdown.

Writes COUNT random files from a small grammar of the shapes real documentation uses
(headers of every style, paragraphs with inline markup, lists, fences, indented code,
quotes, HTML blocks, front matter, rules, tables) joined with one, two or no blank lines,
then lints them all with `mdl -s all` and `galley lint --no-mkdocs -s all` and compares the
findings file by file.

    python3 scripts/lint-differential.py [--count 2000] [--seed 1] [--keep DIR] [--show N]
                                         [--generator grammar|mixed] [--style all|FILE]

Prints the share of identical files; exits 1 when it is under --target (default 0.99).
The Swift tests run a sample of this with a fixed seed (LintDifferentialTests)."""
import argparse
import json
import pathlib
import random
import shutil
import subprocess
import sys
import tempfile

ROOT = pathlib.Path(__file__).resolve().parent.parent

WORDS = ("workflow render state action worker screen output props child sink host "
         "view model update event the a of to and in is it for with on").split()


class Writer:
    """One random document; every method returns lines of Markdown."""

    def __init__(self, rng):
        self.rng = rng

    def pick(self, *options):
        return self.rng.choice(options)

    def chance(self, p):
        return self.rng.random() < p

    def words(self, low=1, high=8):
        return " ".join(self.rng.choice(WORDS) for _ in range(self.rng.randint(low, high)))

    def inline(self):
        """A run of text with, now and then, one piece of inline markup."""
        parts = [self.words(1, 6)]
        for _ in range(self.rng.randint(0, 3)):
            kind = self.rng.randint(0, 16)
            w = self.words(1, 3)
            if kind == 0:
                parts.append(f"*{w}*")
            elif kind == 1:
                parts.append(f"**{w}**")
            elif kind == 2:
                parts.append(self.pick(f"* {w}*", f"** {w} **", f"_{w} _", f"__ {w}__"))
            elif kind == 3:
                parts.append(f"`{w}`")
            elif kind == 4:
                parts.append(self.pick(f"` {w}`", f"`{w} `", f"`` a`b ``", f"``{w}``", f"`` ` ``"))
            elif kind == 5:
                parts.append(f"[{w}](https://example.com/{self.rng.choice(WORDS)})")
            elif kind == 6:
                parts.append(self.pick(f"[ {w}](x.md)", f"[{w} ](x.md)", "[x][ref]", "[](y.md)"))
            elif kind == 7:
                parts.append(self.pick("https://example.com/a", "<https://example.com/b>", "http://x.org"))
            elif kind == 8:
                parts.append(self.pick("<b>bold</b>", "<br>", "<span class=\"x\">s</span>", "<!-- c -->", "</i>"))
            elif kind == 9:
                parts.append(self.pick("#hash", "# not", "a#b", "x #"))
            elif kind == 10:
                parts.append(self.pick("$ cmd", "\\*", "\\`", "&amp;", "&copy;"))
            elif kind == 11:
                parts.append(self.pick("_under_", "snake_case_name", "2*3*4"))
            elif kind == 12:
                parts.append("![img](pic.png)")
            else:
                parts.append(self.words(1, 4))
        text = " ".join(parts)
        if self.chance(0.05):
            text += self.pick("  ", " ", "\t", "   ")
        if self.chance(0.03):
            text = text.replace(" ", "\t", 1)
        if self.chance(0.04):
            text += " " + " ".join(self.words(8, 12) for _ in range(2))
        return text

    def paragraph(self):
        lines = [self.inline() for _ in range(self.rng.randint(1, 3))]
        if self.chance(0.08):
            lines[0] = self.pick(" ", "  ", "   ") + lines[0]
        if self.chance(0.06):
            lines.append(self.pick("# " + self.words(1, 3), "## " + self.words(1, 2), "- " + self.words(), "1. " + self.words(),
                                   "> " + self.words(), "```", "---", "***", "<div>x</div>", "    code"))
        return lines

    def header_text(self):
        text = self.words(1, 5)
        if self.chance(0.15):
            text += self.pick(".", ":", "!", "?", ";", ",")
        if self.chance(0.08):
            text += self.pick(" {#custom-id}", " `code`", " *em*", " <b>x</b>")
        return text

    def header(self):
        level = self.rng.randint(1, 7 if self.chance(0.05) else 4)
        text = self.header_text()
        style = self.rng.randint(0, 9)
        if style <= 4:
            return [f"{'#' * level} {text}"]
        if style == 5:
            return [f"{'#' * level} {text} {'#' * self.rng.randint(1, level + 1)}"]
        if style == 6:
            return [self.pick(f"{'#' * level}{text}", f"{'#' * level}  {text}", f"{'#' * level} {text}{'#' * level}",
                              f"{'#' * level}  {text}  {'#' * level}", f" {'#' * level} {text}", f"{'#' * level}\t{text}")]
        underline = self.pick("=", "-") * self.rng.randint(1, 12)
        lines = [text, underline]
        if self.chance(0.15):
            lines = [self.pick(" ", "  ") + text, underline]
        if self.chance(0.1):
            lines = [text, self.words(1, 3), underline]
        return lines

    def list_block(self, depth=0):
        ordered = self.chance(0.35)
        marker = self.pick("1.", "1)", "2.") if ordered else self.pick("-", "*", "+")
        lines = []
        count = self.rng.randint(1, 4)
        indent = " " * self.pick(0, 0, 0, 1, 2) if depth == 0 else " " * (depth * self.pick(2, 4, 3))
        loose = self.chance(0.25)
        for index in range(count):
            if ordered and marker[0] != "1" and self.chance(0.5):
                marker = f"{index + 1}{marker[-1]}"
            if self.chance(0.1):
                marker = self.pick("-", "*", "+") if not ordered else marker
            gap = self.pick(" ", " ", " ", "  ", "   ")
            lines.append(f"{indent}{marker}{gap}{self.inline()}")
            if self.chance(0.15):
                lines.append(f"{indent}{'  ' if self.chance(0.7) else ''}{self.inline()}")
            if depth < 2 and self.chance(0.15):
                if self.chance(0.3):
                    lines.append("")
                lines += self.list_block(depth + 1)
            if self.chance(0.08):
                lines.append("")
                body = " " * self.pick(2, 3, 4)
                lines += [body + "```" + self.pick("", "swift"), body + self.words(), body + "```"]
            if loose and index < count - 1:
                lines.append("")
        return lines

    def fence(self):
        char = self.pick("`", "`", "~")
        length = self.pick(3, 3, 4)
        info = self.pick("", "", "swift", "bash", "markdown title=\"x.md\"", "text hl_lines=\"1\"", " python", "sh")
        body = []
        for _ in range(self.rng.randint(0, 4)):
            body.append(self.pick(self.words(), "$ ls -la", "    indented", "", "# comment", "<b>x</b>", "let x = 1  "))
        lines = [char * length + info, *body]
        if not self.chance(0.04):
            lines.append(char * length)
        return lines

    def indented_code(self):
        lines = ["    " + self.pick(self.words(), "$ make", "code()") for _ in range(self.rng.randint(1, 3))]
        if self.chance(0.1):
            lines.append(self.words())
        return lines

    def quote(self):
        lines = []
        for _ in range(self.rng.randint(1, 3)):
            lines.append(self.pick("> ", ">  ", ">", "> ") + self.inline())
            if self.chance(0.15):
                lines.append(self.pick(">", ""))
        return lines

    def html(self):
        kind = self.rng.randint(0, 6)
        if kind == 0:
            return ["<div>", self.words(), "</div>"]
        if kind == 1:
            return ["<div markdown=\"1\">", "", "## " + self.words(1, 2), "", "</div>"]
        if kind == 2:
            return ["<!-- " + self.words() + " -->"]
        if kind == 3:
            return [f"<a name=\"{self.rng.choice(WORDS)}\"></a>"]
        if kind == 4:
            return ["<details>", "<summary>" + self.words(1, 2) + "</summary>", "", self.inline(), "", "</details>"]
        if kind == 5:
            return ["<p align=\"center\">", "  <img src=\"x.png\">", "</p>"]
        return ["<table>", "<tr><td>" + self.words(1, 2) + "</td></tr>", "</table>"]

    def reference(self):
        kind = self.rng.randint(0, 6)
        if kind == 0:
            return [f"[{self.rng.choice(WORDS)}]: https://example.com/{self.rng.choice(WORDS)}" + self.pick("", ' "Title"', " 'T'")]
        if kind == 1:
            return [f"See [{self.words(1, 2)}][ref] and [ref][].", "", "[ref]: ref.md"]
        if kind == 2:
            return [f"Text with a note[^1].", "", "[^1]: The note, " + self.words()]
        if kind == 3:
            return [self.words(1, 2), ": " + self.words()]
        if kind == 4:
            return [self.inline(), "{: .note}"]
        if kind == 5:
            return ["$$", "x = 1", "$$"]
        return [self.inline(), "^", self.inline()]

    def nested_quote(self):
        lines = ["> " + self.inline(), "> - " + self.words(), ">     code", "> > " + self.words()]
        if self.chance(0.5):
            lines += [">", "> ## " + self.words(1, 2)]
        return lines

    def rule(self):
        return [self.pick("---", "***", "* * *", "___", "- - -", "-----")]

    def table(self):
        return ["| a | b |", self.pick("|---|---|", "| --- | :-: |"), f"| {self.words(1, 2)} | {self.words(1, 2)} |"]

    def block(self):
        kind = self.rng.choices(
            ["paragraph", "header", "list", "fence", "indented", "quote", "html", "rule", "table", "reference", "nested_quote"],
            weights=[30, 22, 16, 10, 4, 5, 5, 4, 3, 4, 2])[0]
        return getattr(self, {"list": "list_block", "indented": "indented_code"}.get(kind, kind))()

    def document(self):
        lines = []
        if self.chance(0.1):
            lines += ["---", f"title: {self.words(1, 3)}", "tags: [a, b]", "---"]
            if self.chance(0.7):
                lines.append("")
        if self.chance(0.7):
            lines += self.pick(["# " + self.header_text()], [self.header_text(), "=" * 5])
            lines.append("")
        for _ in range(self.rng.randint(1, 12)):
            lines += self.block()
            lines += [""] * self.rng.choices([0, 1, 2, 3], weights=[18, 70, 10, 2])[0]
        # Line ends and characters that split lines differently for mdl's line rules.
        separator = self.rng.choices(["\n", "\r\n"], weights=[95, 5])[0]
        text = separator.join(lines)
        if self.chance(0.03):
            text = "\ufeff" + text
        if self.chance(0.05):
            at = self.rng.randrange(len(text) + 1)
            text = text[:at] + self.pick("\f", "\u2028", "\u0085", "\v") + text[at:]
        ending = self.rng.choices(["\n", "", "\n\n"], weights=[85, 10, 5])[0]
        return text + ending


class Mixer:
    """A second, independent generator: fewer shapes, mixed harder. Lists whose items hold
    code spans with pipes, bare URLs, HTML and emphasis; tables with code spans; HTML blocks
    (script and style bodies among them); kramdown extensions; CJK and combining text."""

    TEXT = ["render", "état", "ワークフロー", "渲染", "e\u0301te\u0301", "naïve", "http://example.com/x", "<b>b</b>",
            "`a|b`", "`x | y`", "`` `|` ``", "* bad *", "**bold **", "[ link ](l.md)", "a \\| b", "|", "` code `"]

    def __init__(self, rng):
        self.rng = rng

    def text(self, low=2, high=9):
        return " ".join(self.rng.choice(self.TEXT + WORDS) for _ in range(self.rng.randint(low, high)))

    def block(self):
        rng = self.rng
        kind = rng.randrange(8)
        if kind == 0:
            marker = rng.choice(["*", "-", "+", "1."])
            return [f"{marker} {self.text()}" + rng.choice(["", "  ", " "]) for _ in range(rng.randint(1, 4))]
        if kind == 1:
            return ["| a | `b|c` |", "|---|---|"] + [f"| {self.text(1, 3)} | {self.text(1, 3)} |" for _ in range(rng.randint(0, 3))]
        if kind == 2:
            tag = rng.choice(["script", "style", "div", "pre"])
            return [f"<{tag}>", self.text(), f"</{tag}>"]
        if kind == 3:
            return rng.choice([["{::comment}", self.text(), "{:/comment}"], ["{::options auto_ids=\"false\" /}"],
                               ["{::nomarkdown}", "<b>" + self.text() + "</b>", "{:/nomarkdown}"], ["{:/}"]])
        if kind == 4:
            return ["#" * rng.randint(1, 3) + " " + self.text(1, 4)]
        if kind == 5:
            return ["```", self.text(), "```"]
        if kind == 6:
            return ["> " + self.text(), "> " + self.text()]
        return [self.text(4, 16) for _ in range(rng.randint(1, 3))]

    def document(self):
        lines = []
        for _ in range(self.rng.randint(1, 10)):
            lines += self.block()
            lines += [""] * self.rng.choice([0, 1, 1, 1, 2])
        return "\n".join(lines) + "\n"


def generate(directory, count, seed, generator="grammar"):
    rng = random.Random(seed)
    names = []
    writer = Writer if generator == "grammar" else Mixer
    for index in range(count):
        name = f"gen{index:05d}.md"
        (directory / name).write_bytes(writer(rng).document().encode("utf-8"))
        names.append(name)
    return names


def run_json(command, directory, names):
    """(findings by file, whether the run crashed) for one run over `names`."""
    run = subprocess.run([*command, *names], cwd=directory, capture_output=True, text=True)
    crashed = run.returncode not in (0, 1) or (not run.stdout.strip() and "Error" in run.stderr)
    if crashed:
        return None
    result = {name: [] for name in names}
    for item in json.loads(run.stdout or "[]"):
        result[item["filename"]].append((item["line"], item["rule"]))
    return result


def findings(command, directory, names):
    """({file: [(line, rule)]}, [files the command crashed on]) over every file in `directory`.
    A run that crashes (mdl raises on some inputs) is split in halves until the files it
    crashes on are found."""
    result, crashed = {}, []

    def run(group):
        found = run_json(command, directory, group)
        if found is not None:
            result.update(found)
        elif len(group) == 1:
            crashed.extend(group)
        else:
            run(group[:len(group) // 2])
            run(group[len(group) // 2:])

    # In chunks, to stay far from the argument length limit.
    for start in range(0, len(names), 500):
        run(names[start:start + 500])
    return result, crashed


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--count", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--galley", default=str(ROOT / ".build" / "release" / "galley"), type=lambda p: str(pathlib.Path(p).resolve()))
    parser.add_argument("--keep", help="write the files here and keep them")
    parser.add_argument("--show", type=int, default=10, help="differing files to print")
    parser.add_argument("--target", type=float, default=0.99)
    parser.add_argument("--json", action="store_true", help="print the summary as JSON")
    parser.add_argument("--generator", choices=["grammar", "mixed"], default="grammar",
                        help="the documentation grammar, or the second generator that mixes lists, tables with code spans, HTML, kramdown extensions and CJK text")
    parser.add_argument("--style", default="all", help="the style both linters use (a built-in name or a style file)")
    arguments = parser.parse_args()
    if shutil.which("mdl") is None:
        sys.exit("mdl is not installed: apt-get install ruby-mdl")
    if arguments.keep:
        directory = pathlib.Path(arguments.keep)
        directory.mkdir(parents=True, exist_ok=True)
    else:
        directory = pathlib.Path(tempfile.mkdtemp(prefix="lint-differential-"))
    try:
        names = generate(directory, arguments.count, arguments.seed, arguments.generator)
        style = str(pathlib.Path(arguments.style).resolve()) if pathlib.Path(arguments.style).exists() else arguments.style
        theirs, mdl_crashed = findings(["mdl", "-s", style, "-j"], directory, names)
        ours, galley_crashed = findings([arguments.galley, "lint", "--no-mkdocs", "-s", style, "-j"], directory, names)
        if galley_crashed:
            sys.exit(f"galley lint failed on {galley_crashed[:10]}")
        # Files mdl raises an exception on have no findings to compare with.
        compared = [name for name in names if name not in mdl_crashed]
        differing = [name for name in compared if theirs[name] != ours[name]]
        share = 1 - len(differing) / max(len(compared), 1)
        if arguments.json:
            print(json.dumps({"files": len(compared), "identical": len(compared) - len(differing), "share": share,
                              "differing": differing, "mdl_crashed": mdl_crashed}))
        else:
            print(f"{len(compared) - len(differing)} of {len(compared)} generated files identical ({share:.2%}); seed {arguments.seed}; "
                  f"{len(mdl_crashed)} more on which mdl raises an exception")
            for name in differing[:arguments.show]:
                only_mdl = sorted(set(theirs[name]) - set(ours[name]))
                only_galley = sorted(set(ours[name]) - set(theirs[name]))
                print(f"  {name}: only mdl {only_mdl}, only galley {only_galley}")
        return 0 if share >= arguments.target else 1
    finally:
        if not arguments.keep:
            shutil.rmtree(directory)


if __name__ == "__main__":
    sys.exit(main())
