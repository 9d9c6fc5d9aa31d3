// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.rules;

/** How much a finding matters; ordered from least to most. */
public enum Severity { info, warning, critical }
