// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.ledger;

import io.jrss.core.model.Bytes;

/**
 * The GC's side tables per byte of committed heap, for when NMT is off: mark bitmaps (one bit per 8-byte heap
 * word = 1/64), card tables (one byte per 512-byte card) and block offset tables (1/512). Remembered sets vary with
 * the application and are not estimated.
 */
final class GcSideTables {
    static Bytes estimate(String gc, Bytes committedHeap, int jdkFeature) {
        double perByte = switch (gc) {
            // JDK 20+ G1 keeps one mark bitmap instead of two (JDK-8210708)
            case "G1" -> (jdkFeature >= 20 ? 1 / 64.0 : 2 / 64.0) + 2 / 512.0;
            case "Parallel" -> 2 / 64.0 + 1 / 512.0; // ParMarkBitMap: begin and end bits per word
            case "Serial" -> 2 / 512.0;
            case "Shenandoah" -> 1 / 64.0 + 1 / 512.0;
            default -> 1 / 64.0;
        };
        return committedHeap.times(perByte);
    }

    private GcSideTables() {}
}
