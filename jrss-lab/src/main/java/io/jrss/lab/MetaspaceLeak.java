// SPDX-License-Identifier: Apache-2.0
package io.jrss.lab;

import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;

/**
 * What it does: a plugin host that never unloads. Each "plugin" is a new class loader that defines real class bytes
 * read from the classpath (this file's {@link Plugin} class), links and initializes them and calls a method; every
 * loader is kept in a list, so none of its classes can be unloaded. 2,000 loaders are created at once, then 20 per
 * second up to 40,000 (reached after about half an hour).
 *
 * What you should see: {@code jcmd <pid> PerfCounter.print} java.cls.loadedClasses about 5,030 at READY and
 * +210 over 4 s; NMT Metaspace committed about 61 MiB, +3 MiB over 4 s (JDK 17.0.15). jrss watch: metaspace-leak.
 *
 * Run with: {@code java -XX:NativeMemoryTracking=summary -Xmx256m -cp jrss-lab/target/classes io.jrss.lab.MetaspaceLeak}
 * It prints READY after the first 2,000 loaders and keeps leaking 20 loaders a second.
 */
public final class MetaspaceLeak {
    static final int START_LOADERS = 5_000;
    static final int CAP_LOADERS = 40_000; // bounded: a few hundred MiB of metaspace at most
    static final long ONE_LOADER_EVERY_MILLIS = 20; // 50 loaders a second

    static final List<ClassLoader> LEAKED = new ArrayList<>();

    public static void main(String[] args) throws Exception {
        byte[] bytes = classBytes(Plugin.class);
        while (LEAKED.size() < START_LOADERS) leakOne(bytes);
        Ready.now();
        while (true) {
            if (LEAKED.size() < CAP_LOADERS) leakOne(bytes);
            Thread.sleep(ONE_LOADER_EVERY_MILLIS);
        }
    }

    static void leakOne(byte[] bytes) throws ReflectiveOperationException {
        PluginLoader loader = new PluginLoader(bytes);
        Class<?> c = Class.forName(Plugin.class.getName(), true, loader);
        Object plugin = c.getDeclaredConstructor().newInstance();
        if (plugin.hashCode() == 42 && c.getMethod("run").invoke(plugin) == null) System.out.print("");
        LEAKED.add(loader);
    }

    static byte[] classBytes(Class<?> c) throws IOException {
        String resource = c.getName().replace('.', '/') + ".class";
        try (InputStream in = MetaspaceLeak.class.getClassLoader().getResourceAsStream(resource)) {
            if (in == null) throw new IOException(resource + " is not on the classpath");
            return in.readAllBytes();
        }
    }

    /** Defines the plugin class itself (child-first for that one name), delegates everything else to its parent. */
    static final class PluginLoader extends ClassLoader {
        private final byte[] bytes;

        PluginLoader(byte[] bytes) { super(MetaspaceLeak.class.getClassLoader()); this.bytes = bytes; }

        @Override protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
            if (!name.equals(Plugin.class.getName())) return super.loadClass(name, resolve);
            synchronized (getClassLoadingLock(name)) {
                Class<?> c = findLoadedClass(name);
                return c != null ? c : defineClass(name, bytes, 0, bytes.length);
            }
        }
    }

    /** The plugin: a class with 38 methods and their constants, so each copy carries real metadata (about 12 KiB). */
    public static final class Plugin {
        private final StringBuilder log = new StringBuilder();

        public Plugin() {}

        public String run() { return step3(step2(step1("plugin"))); }

        private String step1(String s) { log.append(s).append(':').append(s.length()); return s.toUpperCase(); }

        private String step2(String s) { log.append(s.hashCode()).append(String.format("%08x", s.hashCode())); return s + log; }

        private String step3(String s) { return s.isEmpty() ? "" : s.substring(0, Math.min(s.length(), 17)) + java.util.List.of(1, 2, 3); }

        public long op01(long x) { log.append("op01"); return x * 3 + Long.rotateLeft(x, 1) ^ 1007L; }
        public long op02(long x) { log.append("op02"); return x * 5 + Long.rotateLeft(x, 2) ^ 1014L; }
        public long op03(long x) { log.append("op03"); return x * 7 + Long.rotateLeft(x, 3) ^ 1021L; }
        public long op04(long x) { log.append("op04"); return x * 9 + Long.rotateLeft(x, 4) ^ 1028L; }
        public long op05(long x) { log.append("op05"); return x * 11 + Long.rotateLeft(x, 5) ^ 1035L; }
        public long op06(long x) { log.append("op06"); return x * 13 + Long.rotateLeft(x, 6) ^ 1042L; }
        public long op07(long x) { log.append("op07"); return x * 15 + Long.rotateLeft(x, 7) ^ 1049L; }
        public long op08(long x) { log.append("op08"); return x * 17 + Long.rotateLeft(x, 8) ^ 1056L; }
        public long op09(long x) { log.append("op09"); return x * 19 + Long.rotateLeft(x, 9) ^ 1063L; }
        public long op10(long x) { log.append("op10"); return x * 21 + Long.rotateLeft(x, 10) ^ 1070L; }
        public long op11(long x) { log.append("op11"); return x * 23 + Long.rotateLeft(x, 11) ^ 1077L; }
        public long op12(long x) { log.append("op12"); return x * 25 + Long.rotateLeft(x, 12) ^ 1084L; }
        public long op13(long x) { log.append("op13"); return x * 27 + Long.rotateLeft(x, 13) ^ 1091L; }
        public long op14(long x) { log.append("op14"); return x * 29 + Long.rotateLeft(x, 14) ^ 1098L; }
        public long op15(long x) { log.append("op15"); return x * 31 + Long.rotateLeft(x, 15) ^ 1105L; }
        public long op16(long x) { log.append("op16"); return x * 33 + Long.rotateLeft(x, 16) ^ 1112L; }
        public long op17(long x) { log.append("op17"); return x * 35 + Long.rotateLeft(x, 17) ^ 1119L; }
        public long op18(long x) { log.append("op18"); return x * 37 + Long.rotateLeft(x, 18) ^ 1126L; }
        public long op19(long x) { log.append("op19"); return x * 39 + Long.rotateLeft(x, 19) ^ 1133L; }
        public long op20(long x) { log.append("op20"); return x * 41 + Long.rotateLeft(x, 20) ^ 1140L; }
        public long op21(long x) { log.append("op21"); return x * 43 + Long.rotateLeft(x, 21) ^ 1147L; }
        public long op22(long x) { log.append("op22"); return x * 45 + Long.rotateLeft(x, 22) ^ 1154L; }
        public long op23(long x) { log.append("op23"); return x * 47 + Long.rotateLeft(x, 23) ^ 1161L; }
        public long op24(long x) { log.append("op24"); return x * 49 + Long.rotateLeft(x, 24) ^ 1168L; }
        public long op25(long x) { log.append("op25"); return x * 51 + Long.rotateLeft(x, 25) ^ 1175L; }
        public long op26(long x) { log.append("op26"); return x * 53 + Long.rotateLeft(x, 26) ^ 1182L; }
        public long op27(long x) { log.append("op27"); return x * 55 + Long.rotateLeft(x, 27) ^ 1189L; }
        public long op28(long x) { log.append("op28"); return x * 57 + Long.rotateLeft(x, 28) ^ 1196L; }
        public long op29(long x) { log.append("op29"); return x * 59 + Long.rotateLeft(x, 29) ^ 1203L; }
        public long op30(long x) { log.append("op30"); return x * 61 + Long.rotateLeft(x, 30) ^ 1210L; }
        public long op31(long x) { log.append("op31"); return x * 63 + Long.rotateLeft(x, 31) ^ 1217L; }
        public long op32(long x) { log.append("op32"); return x * 65 + Long.rotateLeft(x, 32) ^ 1224L; }

        @Override public String toString() { return "Plugin" + log; }
    }
}
