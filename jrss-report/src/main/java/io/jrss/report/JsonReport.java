// SPDX-License-Identifier: Apache-2.0
package io.jrss.report;

import io.jrss.report.snapshot.SnapshotJson;

/**
 * Where the CLI read the tool's version before it moved to {@link Reporter#JRSS_VERSION} (the JSON itself is
 * {@code snapshot.SnapshotJson} and its siblings); kept until the commands read it there.
 */
@Deprecated
public final class JsonReport {
    /** @deprecated use {@link Reporter#JRSS_VERSION}. */
    @Deprecated public static final String JRSS_VERSION = Reporter.JRSS_VERSION;

    private JsonReport() {}
}
