package org.allocpool.lab.report;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** What the page tests check of a page as text, for report.html and compare.html alike. Stateless. */
public final class PageText {

    private PageText() {
    }

    /** Fails when {@code page} fetches or links anything outside itself (the SVG namespace's name aside). */
    public static void assertSelfContained(String page) {
        for (String forbidden : List.of("<script", "<link", "<img", "<iframe", "@import", "src=")) {
            assertFalse(page.contains(forbidden), forbidden);
        }
        Matcher urls = Pattern.compile("(href|url)\\s*[=(]\\s*[\"']?([^\"')]*)").matcher(page);
        while (urls.find()) {
            assertTrue(urls.group(2).startsWith("#"), "only links within the page: " + urls.group());
        }
        assertFalse(page.replace("xmlns=\"http://www.w3.org/2000/svg\"", "").matches("(?s).*https?://.*"),
                "no address but the SVG namespace's name");
    }

    /** Fails when the {@code <figure>} body {@code figure} is not an SVG chart with marks, a title and a caption in words. */
    public static void assertChart(String figure) {
        assertTrue(figure.contains("<svg class=\"chart\""), figure);
        assertTrue(figure.contains("class=\"mark"), "marks in " + figure.substring(0, 80));
        assertTrue(figure.matches("(?s)\\s*<h4>[^<]+</h4>.*"), "a title: " + figure.substring(0, 80));
        assertTrue(figure.matches("(?s).*<figcaption>[^<]{40,}.*"), "a caption in words: " + figure.substring(0, 80));
    }

    /** Every piece of {@code text} between an {@code open} and the next {@code close}, in order. */
    public static List<String> between(String text, String open, String close) {
        List<String> parts = new ArrayList<>();
        for (int i = text.indexOf(open); i >= 0; i = text.indexOf(open, i + 1)) {
            parts.add(text.substring(i + open.length(), text.indexOf(close, i)));
        }
        return parts;
    }
}
