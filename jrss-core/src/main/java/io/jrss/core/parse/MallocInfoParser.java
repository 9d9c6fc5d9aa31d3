// SPDX-License-Identifier: Apache-2.0
package io.jrss.core.parse;

import io.jrss.core.model.Bytes;
import io.jrss.core.model.MallocInfo;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;
import org.xml.sax.InputSource;
import org.xml.sax.SAXException;
import org.xml.sax.SAXParseException;
import org.xml.sax.helpers.DefaultHandler;

import javax.xml.XMLConstants;
import javax.xml.parsers.DocumentBuilder;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.parsers.ParserConfigurationException;
import java.io.IOException;
import java.io.StringReader;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads glibc {@code malloc_info(3)} XML as {@code jcmd <pid> System.native_heap_info} prints it (JDK 21+):
 * the pid line, then {@code <malloc version="1">} with one {@code <heap nr>} per arena and the totals.
 * Uses the JDK's own XML parser with DTDs and external entities off.
 */
public final class MallocInfoParser {
    private static final String WHAT = "malloc_info XML (System.native_heap_info)";

    private MallocInfoParser() {}

    public static MallocInfo parse(String text) {
        List<String> lines = Text.lines(text, WHAT);
        int start = text.indexOf("<malloc");
        if (start < 0) throw new ParseException(0, "no <malloc> element; not " + WHAT);
        int skipped = (int) text.substring(0, start).chars().filter(c -> c == '\n').count();
        for (int i = 0; i < skipped; i++) {
            String s = lines.get(i).strip();
            if (!s.isEmpty() && !Text.isPidLine(s)) throw new ParseException(i + 1, "unexpected text before <malloc>: '" + Text.shorten(s) + "'");
        }
        Element root = document(text.substring(start), skipped).getDocumentElement();
        List<MallocInfo.Heap> heaps = new ArrayList<>();
        for (Element heap : children(root, "heap")) {
            heaps.add(new MallocInfo.Heap((int) number(heap, "nr", "heap"),
                    size(heap, "total", "fast"), size(heap, "total", "rest"), size(heap, "system", "current"),
                    size(heap, "system", "max"), size(heap, "aspace", "total"),
                    find(heap, "aspace", "subheaps") == null ? 0 : number(find(heap, "aspace", "subheaps"), "size", "subheaps")));
        }
        Element mmap = find(root, "total", "mmap");
        if (mmap == null) throw new ParseException(0, "no <total type=\"mmap\"> in <malloc>; output truncated?");
        return new MallocInfo(List.copyOf(heaps), size(root, "total", "fast"), size(root, "total", "rest"),
                number(mmap, "count", "mmap"), Bytes.of(number(mmap, "size", "mmap")), size(root, "system", "current"),
                size(root, "system", "max"), size(root, "aspace", "total"));
    }

    private static Document document(String xml, int lineOffset) {
        try {
            DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
            f.setFeature(XMLConstants.FEATURE_SECURE_PROCESSING, true);
            f.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
            f.setExpandEntityReferences(false);
            DocumentBuilder b = f.newDocumentBuilder();
            b.setErrorHandler(new DefaultHandler()); // the JDK default prints "[Fatal Error]" to stderr
            Document d = b.parse(new InputSource(new StringReader(xml)));
            if (!d.getDocumentElement().getTagName().equals("malloc")) throw new ParseException(0, "root element is not <malloc>");
            return d;
        } catch (SAXParseException e) {
            throw new ParseException(Math.max(0, e.getLineNumber()) + lineOffset, "malformed or truncated XML: " + e.getMessage());
        } catch (SAXException | IOException | ParserConfigurationException e) {
            throw new ParseException(0, "malformed XML: " + e.getMessage());
        }
    }

    private static List<Element> children(Element parent, String tag) {
        List<Element> out = new ArrayList<>();
        for (Node n = parent.getFirstChild(); n != null; n = n.getNextSibling()) {
            if (n instanceof Element e && e.getTagName().equals(tag)) out.add(e);
        }
        return out;
    }

    /** The direct child {@code <tag type="type">}, or null. */
    private static Element find(Element parent, String tag, String type) {
        return children(parent, tag).stream().filter(e -> e.getAttribute("type").equals(type)).findFirst().orElse(null);
    }

    private static Bytes size(Element parent, String tag, String type) {
        Element e = find(parent, tag, type);
        if (e == null) throw new ParseException(0, "missing <" + tag + " type=\"" + type + "\"> in <" + parent.getTagName() + ">");
        return Bytes.of(number(e, "size", tag + " " + type));
    }

    private static long number(Element e, String attribute, String what) {
        String v = e.getAttribute(attribute);
        try {
            return Long.parseLong(v);
        } catch (NumberFormatException x) {
            throw new ParseException(0, what + ": attribute " + attribute + "='" + Text.shorten(v) + "' is not a number");
        }
    }
}
