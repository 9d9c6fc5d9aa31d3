// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.paste;

import io.jrss.core.capture.Capture;
import io.jrss.core.capture.CaptureEntry;
import io.jrss.core.capture.CaptureFiles;
import io.jrss.core.capture.CaptureInfo;
import io.jrss.core.capture.Redactor;
import io.jrss.core.parse.HsErrParser;
import io.jrss.core.parse.NmtDiffParser;
import io.jrss.core.parse.ParseException;
import io.jrss.core.snapshot.Readings;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Turns the outputs people have (files, pastes, several at once) into one capture, so they go through the same
 * parsers, ledger and rules as a live JVM. Each output is recognised by its content ({@link Sniffer}) after the
 * paste's damage is undone ({@link PasteCleaner}); hs_err and VM.info files give up the sections inside them. The
 * manifest says where each reading came from ("FILE:line"). Nothing is invented: what no input holds stays missing.
 */
public final class Inputs {
    /** One input: its name for messages (a path, "stdin") and its text. */
    public record Named(String name, String text) {}

    /** The capture, and what was found where (for the report and for --debug). */
    public record Assembled(Capture capture, List<String> found, List<String> notes) {}

    private static final Pattern PID = Pattern.compile("^(\\d{1,9}):\\s*$|pid=(\\d{1,9})\\b", Pattern.MULTILINE);

    private final Map<String, String> texts = new LinkedHashMap<>();
    private final Map<String, String> info = new LinkedHashMap<>();
    private final List<CaptureEntry> entries = new ArrayList<>();
    private final List<String> found = new ArrayList<>(), notes = new ArrayList<>();

    private Inputs() {}

    /** @throws ParseException naming the input when no input holds an output jrss knows */
    public static Assembled assemble(List<Named> inputs) {
        Inputs in = new Inputs();
        List<ParseException> refused = new ArrayList<>();
        for (Named n : inputs) {
            try {
                in.add(n);
            } catch (ParseException e) {
                refused.add(e);
            }
        }
        // One input that is not an output is an error; among others that are (a ticket's prose, an exit code), a note.
        if (refused.size() == inputs.size() && !refused.isEmpty()) throw refused.get(0);
        for (ParseException e : refused) in.notes.add(e.getMessage().replaceFirst("^line \\d+: ", "") + ": left out");
        TornTails.trim(in.texts, in.notes);
        Redactor redactor = new Redactor();
        in.texts.replaceAll((file, text) -> Readings.mayHoldSecrets(file) ? redactor.redact(text) : text);
        in.info.put(CaptureInfo.REDACTED_VALUES.key(), Integer.toString(redactor.count()));
        in.info.putIfAbsent("pid", "0");
        return new Assembled(new Capture(in.info, in.texts, in.entries), List.copyOf(in.found), List.copyOf(in.notes));
    }

    private void add(Named n) {
        String text = n.text();
        if (text.isBlank()) throw new ParseException(0, n.name() + " is empty");
        if (text.indexOf('\0') >= 0) throw new ParseException(0, n.name() + " is binary data, not a text output jrss knows");
        String clean = PasteCleaner.clean(text);
        List<Section> sections = Sniffer.sections(clean);
        boolean jitDisabled = clean.contains("Compiler has been disabled");
        if (sections.isEmpty()) {
            throw new ParseException(1, n.name() + ": no output jrss recognises (NMT, hs_err, smaps, pmap, status, malloc_info, VM.info, "
                    + "VM.metaspace, GC.heap_info, Compiler.codecache, System.map, cgroup memory.stat/cpu.stat, VM.vitals)");
        }
        for (Section s : sections) {
            if (s.file().equals(CaptureFiles.CODE_CACHE) && jitDisabled && !s.text().contains("compilation:")) {
                // the same log said so: "CodeCache is full. Compiler has been disabled."
                s = new Section(s.output(), s.text() + "compilation: disabled (the log: Compiler has been disabled)\n", s.line());
            }
            section(n.name(), s);
        }
    }

    private void section(String name, Section s) {
        String where = name + ":" + s.line();
        found.add(where + " " + s.what());
        pid(s.text());
        switch (s.file()) {
            case CaptureFiles.NMT_SUMMARY -> nmt(where, s.text());
            case CaptureFiles.PS -> {
                String status = PsStatus.of(where, s.text(), notes);
                if (status != null) putIfAbsent(CaptureFiles.STATUS, where + " (ps: RSS and VSZ of its java process)", status);
                put(CaptureFiles.PS, where, s.text()); // every ps, in order: two are two times (its recognition accumulates)
            }
            case CaptureFiles.JMAP_HEAP -> {
                put(s.file(), where, s.text());
                notes.add(where + ": jmap -heap gives the heap's settings (read as VM.flags where none was given: MaxHeapSize, MaxMetaspaceSize, ...;"
                        + " not MaxDirectMemorySize) and each space's use, but no address ranges");
            }
            case CaptureFiles.PMAP_PLAIN -> {
                put(s.file(), where, s.text());
                notes.add(where + ": a pmap without an RSS column (older procps, or pmap without -x) shows address space only: kept, not read as resident memory");
            }
            case CaptureFiles.HS_ERR, CaptureFiles.VM_INFO -> {
                put(s.file(), where, s.text());
                embedded(where, s.text());
            }
            case CaptureFiles.OOM_KILL -> {
                put(s.file(), where, s.text());
                for (var e : OomKillReport.files(s.text()).entrySet()) {
                    if (e.getKey().equals("version")) info.putIfAbsent(CaptureInfo.CGROUP_VERSION.key(), e.getValue());
                    else putIfAbsent(e.getKey(), where + " (OOM-killer report)", e.getValue());
                }
            }
            case CaptureFiles.POD, CaptureFiles.DOCKER_STATS, CaptureFiles.KUBECTL_TOP -> { // the limit and usage they show are the container's cgroup's
                put(s.file(), where, s.text());
                for (var e : ContainerFiles.files(s.file(), s.text()).entrySet()) {
                    if (e.getKey().equals("version")) info.putIfAbsent(CaptureInfo.CGROUP_VERSION.key(), e.getValue());
                    else putIfAbsent(e.getKey(), where + " (" + s.what() + ")", e.getValue());
                }
            }
            default -> {
                put(s.file(), where, s.text());
                if (s.file().startsWith("cgroup/")) { // memory.stat or cpu.stat
                    info.putIfAbsent(CaptureInfo.CGROUP_VERSION.key(), s.text().contains("usage_usec") || s.text().matches("(?s).*(^|\\n)anon \\d+.*") ? "2" : "1");
                }
            }
        }
    }

    private void nmt(String where, String raw) {
        String text = NmtPieces.mended(where, raw, notes);
        boolean total = text.contains("Total: reserved=");
        boolean categories = text.lines().anyMatch(l -> l.strip().matches("-\\s+[A-Z][\\w ]+ \\(reserved=.*"));
        if (!total && !categories) {
            put(CaptureFiles.NMT_DETAIL, where, text); // a piece of detail's virtual memory map: kept, not a summary
            notes.add(where + ": NMT detail without its summary part: kept, but there are no totals to read");
            return;
        }
        String file = NmtDiffParser.isDiff(text) || texts.containsKey(CaptureFiles.NMT_DIFF) && !total ? CaptureFiles.NMT_DIFF : CaptureFiles.NMT_SUMMARY;
        if (!total && !texts.containsKey(file)) {
            notes.add(where + ": NMT categories without the Total line: kept, not read (the totals are unknown)");
            put(CaptureFiles.NMT_DETAIL, where, text);
            return;
        }
        put(file, where, text);
    }

    /** Outputs that arrive in pieces (a long paste split in parts): a piece without its own header continues the last one. */
    private static boolean continues(String file, String text) {
        if (file.equals(CaptureFiles.NMT_SUMMARY) || file.equals(CaptureFiles.NMT_DIFF)) return !text.contains("Total: reserved=");
        return List.of(CaptureFiles.PMAP, CaptureFiles.PMAP_DIFF, CaptureFiles.PMAP_PLAIN, CaptureFiles.SMAPS, CaptureFiles.MAPS, CaptureFiles.SYSTEM_MAP, CaptureFiles.HS_ERR,
                CaptureFiles.LOG, CaptureFiles.GC_LOG, CaptureFiles.OOM_KILL, CaptureFiles.NMT_DETAIL, CaptureFiles.COMPILER_MEMORY).contains(file)
                || Sniffer.accumulates(file);
    }

    /** The sections an hs_err file or VM.info carries, where no separate input gave them. */
    private void embedded(String where, String text) {
        Map<String, String> sec = HsErrParser.sections(text);
        if (sec.containsKey("nmt") && !texts.containsKey(CaptureFiles.NMT_SUMMARY)) nmt(where + " (Native Memory Tracking)", sec.get("nmt"));
        if (sec.containsKey("heap")) putIfAbsent(CaptureFiles.HEAP_INFO, where + " (Heap)", sec.get("heap"));
        if (sec.containsKey("maps")) putIfAbsent(CaptureFiles.MAPS, where + " (Dynamic libraries)", sec.get("maps"));
        if (sec.containsKey("process-memory")) putIfAbsent(CaptureFiles.VM_INFO, where + " (Process Memory)", "Process Memory:\n" + sec.get("process-memory"));
        if (sec.containsKey("meminfo")) putIfAbsent(CaptureFiles.MEMINFO, where + " (/proc/meminfo)", sec.get("meminfo"));
        if (sec.containsKey("container")) container(where + " (container)", sec.get("container"));
        Matcher v = Pattern.compile("JRE version: .*?\\(([0-9][^)\\s]*)\\)").matcher(text);
        Matcher vm = Pattern.compile("Java VM: (.*? VM) \\(([^ ,)]+)").matcher(text);
        if (v.find()) {
            putIfAbsent(CaptureFiles.VM_VERSION, where + " (the header's JRE version and Java VM lines)",
                    (vm.find() ? vm.group(1) + " version " + vm.group(2) : "Java VM version " + v.group(1)) + "\nJDK " + v.group(1) + "\n");
        }
    }

    /** hs_err's "container (cgroup) information" as the cgroup files it reports. */
    private void container(String where, String text) {
        boolean v2 = text.contains("cgroupv2");
        for (String line : text.split("\n")) {
            String[] kv = line.split(":\\s*", 2);
            if (kv.length < 2) continue;
            Matcher n = Pattern.compile("^(\\d{1,15})\\s*(k?)$").matcher(kv[1].strip());
            if (!n.matches()) continue; // "unlimited", "no quota", text
            long bytes = Long.parseLong(n.group(1)) * (n.group(2).isEmpty() ? 1 : 1024);
            switch (kv[0].strip()) {
                case "memory_limit_in_bytes" -> putIfAbsent(CaptureFiles.cgroup(v2 ? "memory.max" : "memory.limit_in_bytes"), where, bytes + "\n");
                case "memory_usage_in_bytes" -> putIfAbsent(CaptureFiles.cgroup(v2 ? "memory.current" : "memory.usage_in_bytes"), where, bytes + "\n");
                default -> { }
            }
        }
        if (texts.keySet().stream().anyMatch(k -> k.startsWith("cgroup/"))) info.putIfAbsent(CaptureInfo.CGROUP_VERSION.key(), v2 ? "2" : "1");
    }

    private void pid(String text) {
        Matcher m = PID.matcher(text);
        if (m.find() && !info.containsKey(CaptureInfo.PID.key())) info.put(CaptureInfo.PID.key(), m.group(1) != null ? m.group(1) : m.group(2));
    }

    private void putIfAbsent(String file, String where, String text) { if (!texts.containsKey(file)) put(file, where, text); }

    private void put(String file, String where, String text) {
        String source = where;
        if (texts.containsKey(file) && continues(file, text)) {
            text = texts.get(file) + text;
            source = entries.stream().filter(e -> e.file().equals(file)).map(CaptureEntry::source).findFirst().orElse("") + " + " + where;
        } else if (texts.containsKey(file)) {
            notes.add("a second " + file + " at " + where + " replaced the first (without timestamps two outputs cannot be ordered)");
        }
        texts.put(file, text);
        entries.removeIf(e -> e.file().equals(file));
        entries.add(new CaptureEntry(file, source, Instant.EPOCH, 0, CaptureEntry.Status.ok, ""));
    }
}
