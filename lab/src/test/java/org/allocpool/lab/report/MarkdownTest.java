package org.allocpool.lab.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** The Markdown of tables.md as HTML: the subset the lab writes, everything escaped. */
class MarkdownTest {

    @Test
    void shouldRenderAPipeTableWithItsAlignment() {
        String html = Markdown.toHtml("""
                | strategy |     A |
                | :------- | ----: |
                | pool     | **52** (48-55) |
                """, 0);
        assertTrue(html.contains("<th>strategy</th><th style=\"text-align:right\">A</th>"), html);
        assertTrue(html.contains("<td>pool</td><td style=\"text-align:right\"><strong>52</strong> (48-55)</td>"), html);
    }

    @Test
    void shouldRenderHeadingsListsQuotesAndCodeShiftedBelowThePage() {
        String html = Markdown.toHtml("# title\n\n- profile: `--rounds 5`\n- JDK: 25\n\n> 2 records could not be read\n\n"
                + "A line.\n[1] a note\n", 1);
        assertTrue(html.contains("<h2>title</h2>"), html);
        assertTrue(html.contains("<ul>\n<li>profile: <code>--rounds 5</code></li>\n<li>JDK: 25</li>\n</ul>"), html);
        assertTrue(html.contains("<blockquote><p>2 records could not be read</p></blockquote>"), html);
        assertTrue(html.contains("<p>A line.<br>\n[1] a note</p>"), "footnotes keep their lines:\n" + html);
    }

    @Test
    void shouldEscapeEverythingARecordCouldCarry() {
        String html = Markdown.toHtml("- error: <script>alert('x')</script> & \"more\"\n| a `|` b | <b> |\n", 0);
        assertFalse(html.contains("<script>"), html);
        assertFalse(html.contains("<b>"), html);
        assertTrue(html.contains("&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt; &amp; &quot;more&quot;"), html);
        assertTrue(html.contains("<code>|</code>"), "a bar inside code does not split a cell:\n" + html);
    }

    @Test
    void shouldLeaveAnUnpairedMarkAsText() {
        assertEquals("a ** b", Markdown.inline("a ** b"));
        assertEquals("a ` b", Markdown.inline("a ` b"));
    }
}
