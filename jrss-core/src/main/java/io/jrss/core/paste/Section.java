// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.paste;

/** A stretch of an input recognised as one output: its kind, its text, and where it starts (1-based line). */
public record Section(Kind kind, String text, int line) {}
