// Copyright 2026 The Galley authors
// SPDX-License-Identifier: Apache-2.0
// `ViewEnvironment` is a module of its own, as in the original, so code that imports it by
// name compiles; importing WorkflowUI brings it too.
@_exported import ViewEnvironment
