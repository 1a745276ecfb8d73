# Copyright 2026 The Galley authors
# SPDX-License-Identifier: Apache-2.0
# The two commands of the README, plus the benchmarks.
SWIFT ?= swift
# Debian packages the build needs; later stages add theirs here. libgvc6 is Graphviz's layout
# library, which galley opens at run time to lay flowcharts out.
SYSTEM_PACKAGES ?= libcmark-gfm-dev libcmark-gfm-extensions-dev zlib1g-dev libgvc6
# The lint parity tests and the lint benchmark compare against mdl 0.12.0, and the snippet
# sandbox tests run bubblewrap, GNU patch applies the diffs `--fix --dry-run` prints; the serve benchmark loads the preview server with wrk and
# compares the preview of a large site with hugo server. The remote cache's tests and benchmark
# run against nginx with WebDAV, as a team would serve the cache.
TEST_PACKAGES ?= ruby-mdl bubblewrap patch nginx
BENCH_PACKAGES ?= ruby-mdl wrk hugo nginx
# The theme's browser tests and the search benchmark drive headless Chromium.
BROWSER_PACKAGES ?= chromium fonts-dejavu-core

.PHONY: site test bench bench-venv oracle-venv browser-deps deps python-data clean fuzz lint-differential install uninstall dist tsan determinism

deps:
	@scripts/ensure-system-packages.sh $(SYSTEM_PACKAGES)

## The emoji indexes of pymdown-extensions and the icon sets of mkdocs-material, from their
## pinned wheels (checked by SHA-256): galley reads them when the machine has no such Python
## package, so a site's `:smile:` and `:material-github:` need no Python. Fetched once.
PYTHON_DATA = .build/galley-data/VERSIONS
python-data: $(PYTHON_DATA)
$(PYTHON_DATA): scripts/fetch-python-data.py
	@scripts/ensure-system-packages.sh python3-pip
	python3 scripts/fetch-python-data.py --out .build/galley-data

## The release build the benchmarks use links the Swift runtime in, as `make install`'s does:
## the dynamic loader then maps 9 libraries and resolves a few thousand fewer symbols, which
## was most of a small site's start-up (scripts/bench-startup.py).
## It is also linked as a fixed-address executable (`-no-pie`): a position-independent one
## has 122,000 relocations for the loader to apply at every start (`galley lint -V` took
## 11 ms of CPU that way and takes 6 ms now; perf stat -r 40). The price is that the
## executable's own code is not at a random address.
NO_PIE = -Xswiftc -Xclang-linker -Xswiftc -no-pie
RELEASE_FLAGS ?= --static-swift-stdlib $(NO_PIE)

## Builds the documentation site into site/ with a debug build of galley, the one `make
## test` builds too. On a fresh machine (2 cores) that build takes 3 minutes where a release
## build takes 10, and the site comes out byte for byte the same: its time goes to compiling
## the snippets, which galley's own optimisation does not change (34 s either way).
site: deps python-data
	$(SWIFT) build --product galley
	.build/debug/galley build

## Installs galley into PREFIX (default /usr/local): one self-contained executable (the
## Swift runtime linked in, the theme's files compiled in), shell completions for bash, zsh and
## fish, man pages, and the emoji indexes and icon sets it reads without Python
## (share/galley/python, with their licences). Its own build folder keeps the benchmarks' release build as it is.
PREFIX ?= /usr/local
INSTALL_BUILD ?= .build-install
INSTALL_FILES = bin/galley share/bash-completion/completions/galley share/zsh/site-functions/_galley \
	share/fish/vendor_completions.d/galley.fish share/doc/galley/LICENSE share/doc/galley/NOTICE
install: deps python-data
	$(SWIFT) build -c release --product galley --static-swift-stdlib $(NO_PIE) --scratch-path $(INSTALL_BUILD)
	$(SWIFT) build -c release --product generate-manual --scratch-path $(INSTALL_BUILD)
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PREFIX)/share/bash-completion/completions \
		$(DESTDIR)$(PREFIX)/share/zsh/site-functions $(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d \
		$(DESTDIR)$(PREFIX)/share/man/man1
	install -m 755 -s $(INSTALL_BUILD)/release/galley $(DESTDIR)$(PREFIX)/bin/galley
	install -d $(DESTDIR)$(PREFIX)/share/doc/galley
	install -m 644 LICENSE NOTICE $(DESTDIR)$(PREFIX)/share/doc/galley/
	rm -rf $(DESTDIR)$(PREFIX)/share/galley/python
	install -d $(DESTDIR)$(PREFIX)/share/galley
	cp -R .build/galley-data/python $(DESTDIR)$(PREFIX)/share/galley/python
	$(INSTALL_BUILD)/release/galley --generate-completion-script bash > $(DESTDIR)$(PREFIX)/share/bash-completion/completions/galley
	$(INSTALL_BUILD)/release/galley --generate-completion-script zsh > $(DESTDIR)$(PREFIX)/share/zsh/site-functions/_galley
	$(INSTALL_BUILD)/release/galley --generate-completion-script fish > $(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d/galley.fish
	$(INSTALL_BUILD)/release/generate-manual $(INSTALL_BUILD)/release/galley --multi-page -o $(DESTDIR)$(PREFIX)/share/man/man1
	@echo "Installed galley into $(DESTDIR)$(PREFIX) ($$($(DESTDIR)$(PREFIX)/bin/galley --version))."

## Removes what `make install` put into PREFIX.
uninstall:
	rm -f $(addprefix $(DESTDIR)$(PREFIX)/,$(INSTALL_FILES)) $(DESTDIR)$(PREFIX)/share/man/man1/galley.1 $(DESTDIR)$(PREFIX)/share/man/man1/galley.*.1
	-rmdir $(DESTDIR)$(PREFIX)/share/doc/galley 2>/dev/null
	rm -rf $(DESTDIR)$(PREFIX)/share/galley/python
	-rmdir $(DESTDIR)$(PREFIX)/share/galley 2>/dev/null

## A release archive, galley-<version>-linux-<arch>.tar.gz, and its SHA-256 file in
## DIST_DIR: a prefix tree (bin/galley stripped, man pages, completions, and the licence and a
## user's README under share/doc/galley) that `tar -C /usr/local --strip-components=1`
## installs. Entries are sorted, owned by root and dated from the commit, so the same source
## makes the same archive.
VERSION = $(shell sed -n 's/.*static let version = "\(.*\)"/\1/p' Sources/galley/Galley.swift)
DIST_NAME = galley-$(VERSION)-linux-$(shell uname -m)
DIST_DIR ?= .build-install/dist
DIST_DATE = $(shell git log -1 --format=%ct 2>/dev/null || echo 0)
dist:
	rm -rf $(DIST_DIR)/$(DIST_NAME) $(DIST_DIR)/$(DIST_NAME).tar.gz $(DIST_DIR)/$(DIST_NAME).tar.gz.sha256
	$(MAKE) install PREFIX= DESTDIR=$(abspath $(DIST_DIR))/$(DIST_NAME)
	install -m 644 scripts/dist/README.md $(DIST_DIR)/$(DIST_NAME)/share/doc/galley/
	tar -C $(DIST_DIR) --sort=name --owner=0 --group=0 --numeric-owner --mtime=@$(DIST_DATE) -cf - $(DIST_NAME) | gzip -n9 > $(DIST_DIR)/$(DIST_NAME).tar.gz
	cd $(DIST_DIR) && sha256sum $(DIST_NAME).tar.gz > $(DIST_NAME).tar.gz.sha256
	rm -rf $(DIST_DIR)/$(DIST_NAME)
	@echo "Built $(DIST_DIR)/$(DIST_NAME).tar.gz ($$(cut -c1-16 $(DIST_DIR)/$(DIST_NAME).tar.gz.sha256)…)."

## Runs every test; mdl and Python-Markdown with pymdown-extensions (in .build/oracle-venv)
## let the tests compare against the real things. The browser tests run when Chromium is
## installed (.ci/run installs it).
test: deps oracle-venv python-data
	@scripts/ensure-system-packages.sh $(TEST_PACKAGES)
	python3 scripts/licence-headers.py --check
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build
	@if command -v chromium >/dev/null 2>&1; then \
		python3 -m unittest discover -s Tests/Browser -p 'test_*.py'; \
	else \
		echo "Browser tests skipped: chromium is not installed (make browser-deps installs it)."; \
	fi

## Installs what the browser tests and the search benchmark need.
browser-deps:
	@scripts/ensure-system-packages.sh $(BROWSER_PACKAGES)

## Runs the benchmarks in a release build: the Workflow runtime, then galley build, lint,
## search, serve and diagrams against mkdocs, zensical, mdl and seqdiag (installed into .bench/venv on first use).
bench: deps bench-venv browser-deps
	@scripts/ensure-system-packages.sh $(BENCH_PACKAGES)
	$(SWIFT) build -c release --product WorkflowBenchmarks $(RELEASE_FLAGS)
	$(SWIFT) build -c release --product galley $(RELEASE_FLAGS)
	.build/release/WorkflowBenchmarks
	python3 scripts/bench-build.py
	python3 scripts/bench-snippets.py
	python3 scripts/bench-snippets-realistic.py
	python3 scripts/bench-shards.py
	python3 scripts/bench-remote-cache.py
	python3 scripts/bench-lint.py
	python3 scripts/bench-search.py
	python3 scripts/bench-serve.py
	python3 scripts/bench-serve-snippets.py
	python3 scripts/bench-serve-large.py
	python3 scripts/bench-build-hugo.py
	python3 scripts/bench-diagrams.py
	python3 scripts/bench-startup.py
	python3 scripts/bench-deploy.py
	python3 scripts/bench-api.py

## Compares galley lint with mdl 0.12.0 on generated Markdown: LINT_COUNT files per seed,
## from both generators, under each of mdl's four built-in styles and the style files in
## scripts/lint-styles (the tests run a sample); prints the share of files with the same findings.
LINT_SEEDS ?= 1
LINT_COUNT ?= 1000
LINT_STYLES ?= all default relaxed cirosantilli $(wildcard scripts/lint-styles/*.rb)
lint-differential: deps
	@scripts/ensure-system-packages.sh ruby-mdl
	$(SWIFT) build -c release --product galley $(RELEASE_FLAGS)
	@for seed in $(LINT_SEEDS); do for style in $(LINT_STYLES); do for generator in grammar mixed; do \
		python3 scripts/lint-differential.py --count $(LINT_COUNT) --seed $$seed --generator $$generator --style $$style || exit 1; \
	done; done; done

## Fuzzes the Markdown stage, the mkdocs.yml reader, the diagram readers and the linter with
## its style files for FUZZ_SECONDS each, built with AddressSanitizer (release, its own build
## folder), seeded from docs/, the lint fixtures and the shared corpora; a crash, a memory
## error or a hang leaves .build/crash-input.
FUZZ_SECONDS ?= 300
FUZZ_SEEDS = docs Tests/GalleyDiagramsTests/Golden Tests/GalleyLintTests/Fixtures $(wildcard ../shared/corpus)
fuzz: deps
	$(SWIFT) build -c release --sanitize=address --build-path .build/asan --product galley-fuzz
	for target in markdown config diagrams lint; do \
		ASAN_OPTIONS=detect_leaks=0 .build/asan/release/galley-fuzz --target $$target --seconds $(FUZZ_SECONDS) --out .build $(FUZZ_SEEDS) || exit 1; \
	done

## Races: galley built with ThreadSanitizer builds the race site, the shared corpora and these
## docs (running every snippet program) three times each; any report fails. A release build, because ThreadSanitizer sees
## Swift's `Mutex` only where its lock calls are inlined.
tsan: deps
	$(SWIFT) build -c release --sanitize=thread --build-path .build/tsan --product galley
	TSAN_OPTIONS="halt_on_error=1 exitcode=66" python3 scripts/determinism.py --rounds 3 --rerun --galley .build/tsan/release/galley

## Twenty builds of each shared corpus, of these docs and of the race site: every one
## byte-identical and complete.
DETERMINISM_ROUNDS ?= 20
determinism: deps
	$(SWIFT) build -c release --product galley $(RELEASE_FLAGS)
	python3 scripts/determinism.py --rounds $(DETERMINISM_ROUNDS)

bench-venv: .bench/venv/bin/zensical .bench/venv/.markdownextradata .bench/venv/.i18n .bench/seqdiag/bin/seqdiag

## The renderers the extension parity tests compare with, pinned.
ORACLE_PACKAGES ?= Markdown==3.11.3 pymdown-extensions==13.1 Pygments==2.21.0 mkdocs==1.6.1 mkdocs-material==9.8.1 mkdocs-macros-plugin==1.3.7 mkdocs-markdownextradata-plugin==0.2.6 mkdocs-static-i18n==1.3.1 mike==2.2.0 Jinja2==3.1.6 MarkupSafe==3.0.4 CacheControl[filecache]==0.14.4 GitPython==3.1.62
## Installed without its declared dependencies: mkdocs-rss-plugin 1.18+ asks for `properdocs`, a
## fork of mkdocs its code never imports, whose presence makes mike build with it (and fail).
ORACLE_PACKAGES_NO_DEPS ?= mkdocs-rss-plugin==1.19.0
oracle-venv: .build/oracle-venv/.packages-8

.build/oracle-venv/bin/python:
	@scripts/ensure-system-packages.sh python3-venv
	python3 -m venv .build/oracle-venv

## The stamp's number goes up whenever ORACLE_PACKAGES (or ORACLE_PACKAGES_NO_DEPS) changes, so an existing venv is updated.
.build/oracle-venv/.packages-8: .build/oracle-venv/bin/python
	.build/oracle-venv/bin/pip install --quiet $(ORACLE_PACKAGES)
	.build/oracle-venv/bin/pip install --quiet --no-deps $(ORACLE_PACKAGES_NO_DEPS)
	touch $@

.bench/venv/bin/zensical:
	python3 -m venv .bench/venv
	.bench/venv/bin/pip install --quiet "mkdocs==1.6.1" mkdocs-material mkdocs-redirects zensical

## The leakcanary corpus also uses the markdownextradata plugin.
.bench/venv/.markdownextradata: .bench/venv/bin/zensical
	.bench/venv/bin/pip install --quiet mkdocs-markdownextradata-plugin
	touch $@

## The diagram benchmark's anchor: seqdiag, which draws sequence diagrams from text to SVG in
## Python. It measures text with Pillow's `textsize`, which Pillow 10 removed.
.bench/seqdiag/bin/seqdiag:
	python3 -m venv .bench/seqdiag
	.bench/seqdiag/bin/pip install --quiet seqdiag==3.0.0 "pillow<10"

## The multi-language benchmark builds with the i18n plugin (mkdocs-static-i18n).
.bench/venv/.i18n: .bench/venv/bin/zensical
	.bench/venv/bin/pip install --quiet mkdocs-static-i18n==1.3.1 mike==2.2.0
	touch $@

clean:
	rm -rf .build site .galley
