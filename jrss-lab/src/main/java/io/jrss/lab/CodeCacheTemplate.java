// SPDX-License-Identifier: Apache-2.0
package io.jrss.lab;

import java.util.function.LongUnaryOperator;

/**
 * The generated code of {@link CodeCacheFull}: its bytes are defined again and again as hidden classes, and every
 * copy is made hot, so every copy gets compiled code of its own (the 16 small methods, and all of them inlined into
 * {@code applyAsLong}, by C1 and then by C2).
 */
final class CodeCacheTemplate implements LongUnaryOperator {
    @Override public long applyAsLong(long x) {
        return f01(x + 1) + f02(x + 2) + f03(x + 3) + f04(x + 4)
                + f05(x + 5) + f06(x + 6) + f07(x + 7) + f08(x + 8)
                + f09(x + 9) + f10(x + 10) + f11(x + 11) + f12(x + 12)
                + f13(x + 13) + f14(x + 14) + f15(x + 15) + f16(x + 16);
    }

    static long f01(long x) {
        long y = x * 3L + (x >>> 2) ^ 1009L;
        return (y & 1) == 0 ? y + Long.numberOfTrailingZeros(y | 1) : y - Long.bitCount(y) * 4L;
    }

    static long f02(long x) {
        long y = x * 5L + (x >>> 3) ^ 2018L;
        return (y & 2) == 0 ? y + Long.numberOfTrailingZeros(y | 2) : y - Long.bitCount(y) * 5L;
    }

    static long f03(long x) {
        long y = x * 7L + (x >>> 4) ^ 3027L;
        return (y & 3) == 0 ? y + Long.numberOfTrailingZeros(y | 3) : y - Long.bitCount(y) * 6L;
    }

    static long f04(long x) {
        long y = x * 9L + (x >>> 5) ^ 4036L;
        return (y & 4) == 0 ? y + Long.numberOfTrailingZeros(y | 4) : y - Long.bitCount(y) * 7L;
    }

    static long f05(long x) {
        long y = x * 11L + (x >>> 6) ^ 5045L;
        return (y & 5) == 0 ? y + Long.numberOfTrailingZeros(y | 5) : y - Long.bitCount(y) * 8L;
    }

    static long f06(long x) {
        long y = x * 13L + (x >>> 7) ^ 6054L;
        return (y & 6) == 0 ? y + Long.numberOfTrailingZeros(y | 6) : y - Long.bitCount(y) * 9L;
    }

    static long f07(long x) {
        long y = x * 15L + (x >>> 8) ^ 7063L;
        return (y & 7) == 0 ? y + Long.numberOfTrailingZeros(y | 7) : y - Long.bitCount(y) * 10L;
    }

    static long f08(long x) {
        long y = x * 17L + (x >>> 9) ^ 8072L;
        return (y & 8) == 0 ? y + Long.numberOfTrailingZeros(y | 8) : y - Long.bitCount(y) * 11L;
    }

    static long f09(long x) {
        long y = x * 19L + (x >>> 10) ^ 9081L;
        return (y & 9) == 0 ? y + Long.numberOfTrailingZeros(y | 9) : y - Long.bitCount(y) * 12L;
    }

    static long f10(long x) {
        long y = x * 21L + (x >>> 11) ^ 10090L;
        return (y & 10) == 0 ? y + Long.numberOfTrailingZeros(y | 10) : y - Long.bitCount(y) * 13L;
    }

    static long f11(long x) {
        long y = x * 23L + (x >>> 12) ^ 11099L;
        return (y & 11) == 0 ? y + Long.numberOfTrailingZeros(y | 11) : y - Long.bitCount(y) * 14L;
    }

    static long f12(long x) {
        long y = x * 25L + (x >>> 13) ^ 12108L;
        return (y & 12) == 0 ? y + Long.numberOfTrailingZeros(y | 12) : y - Long.bitCount(y) * 15L;
    }

    static long f13(long x) {
        long y = x * 27L + (x >>> 1) ^ 13117L;
        return (y & 13) == 0 ? y + Long.numberOfTrailingZeros(y | 13) : y - Long.bitCount(y) * 16L;
    }

    static long f14(long x) {
        long y = x * 29L + (x >>> 2) ^ 14126L;
        return (y & 14) == 0 ? y + Long.numberOfTrailingZeros(y | 14) : y - Long.bitCount(y) * 17L;
    }

    static long f15(long x) {
        long y = x * 31L + (x >>> 3) ^ 15135L;
        return (y & 15) == 0 ? y + Long.numberOfTrailingZeros(y | 15) : y - Long.bitCount(y) * 18L;
    }

    static long f16(long x) {
        long y = x * 33L + (x >>> 4) ^ 16144L;
        return (y & 16) == 0 ? y + Long.numberOfTrailingZeros(y | 16) : y - Long.bitCount(y) * 19L;
    }
}
