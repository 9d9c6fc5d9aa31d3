// SPDX-License-Identifier: Apache-2.0
package io.jrss.probe.attach;

import org.junit.jupiter.api.Test;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

class AttachConnectionTest {
    @Test
    void requestIsVersionOneWithThreeArguments() {
        ByteBuffer request = AttachConnection.request("jcmd", java.util.List.of("VM.native_memory summary", "", ""));
        byte[] bytes = new byte[request.remaining()];
        request.get(bytes);
        assertArrayEquals("1\0jcmd\0VM.native_memory summary\0\0\0".getBytes(StandardCharsets.UTF_8), bytes);
        ByteBuffer load = AttachConnection.request("load", java.util.List.of("/tmp/a/libasyncProfiler.so", "true", "start,nativemem=512k"));
        byte[] loadBytes = new byte[load.remaining()];
        load.get(loadBytes);
        assertArrayEquals("1\0load\0/tmp/a/libasyncProfiler.so\0true\0start,nativemem=512k\0".getBytes(StandardCharsets.UTF_8), loadBytes);
    }

    @Test
    void replyIsStatusLineThenOutput() throws Exception {
        // Verbatim answers of JDK 25.0.3 (VM.version) and JDK 17.0.15 (System.native_heap_info).
        AttachConnection.Reply ok = AttachConnection.parse("0\nOpenJDK 64-Bit Server VM version 25.0.3+9-LTS\nJDK 25.0.3\n".getBytes(StandardCharsets.UTF_8));
        assertEquals(0, ok.status());
        assertEquals("OpenJDK 64-Bit Server VM version 25.0.3+9-LTS\nJDK 25.0.3\n", ok.output());
        AttachConnection.Reply failed = AttachConnection.parse("-1\njava.lang.IllegalArgumentException: Unknown diagnostic command\n".getBytes(StandardCharsets.UTF_8));
        assertEquals(-1, failed.status());
        assertEquals("java.lang.IllegalArgumentException: Unknown diagnostic command\n", failed.output());
    }

    @Test
    void closedWithoutStatus() {
        assertThrows(AttachConnection.NoStatus.class, () -> AttachConnection.parse(new byte[0]));
        assertThrows(AttachConnection.NoStatus.class, () -> AttachConnection.parse("0".getBytes(StandardCharsets.UTF_8)));
    }
}
