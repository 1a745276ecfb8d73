# The two commands of the README, plus the benchmarks.
SWIFT ?= swift
# Debian packages the build needs; later stages add theirs here.
SYSTEM_PACKAGES ?= libcmark-gfm-dev libcmark-gfm-extensions-dev zlib1g-dev

.PHONY: site test bench deps clean

deps:
	@scripts/ensure-system-packages.sh $(SYSTEM_PACKAGES)

## Builds the documentation site. Until `galley build` exists this builds the package in release mode.
site: deps
	$(SWIFT) build -c release
	@echo "Built the package (release). The site builder arrives with 'galley build'; nothing written to site/ yet."

## Runs every test.
test: deps
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build

## Runs the benchmarks in a release build.
bench: deps
	$(SWIFT) build -c release --product WorkflowBenchmarks
	.build/release/WorkflowBenchmarks

clean:
	rm -rf .build site .galley
