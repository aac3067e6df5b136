package org.allocpool.lab.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.allocpool.lab.compare.SyntheticRuns;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The report of a synthetic run of every experiment, opened in a real browser: headless Chromium
 * (Debian's {@code chromium}, optional; skipped with the reason where it is missing) loads the file
 * with a probe script of the test's own appended, which records errors and measures the marks every
 * chart drew; the test fails on any error or console message and on any chart that drew nothing. The
 * same for {@code compare.html} of two synthetic runs ({@link SyntheticRuns}).
 */
class ReportInBrowserTest {

    private static final List<Path> CHROMIUM = List.of(Path.of("/usr/bin/chromium"), Path.of("/usr/bin/chromium-browser"),
            Path.of("/usr/bin/google-chrome"));

    /** Records errors from here on, then writes every chart's count of marks and drawn marks into {@code <pre id="probe">}. */
    private static final String PROBE = """
            <script>
            (function () {
              var errors = [];
              window.addEventListener('error', function (e) { errors.push('error: ' + e.message); });
              var original = console.error;
              console.error = function () { errors.push('console.error: ' + Array.prototype.join.call(arguments, ' '));
                                            original.apply(console, arguments); };
              var out = [];
              var charts = document.querySelectorAll('svg.chart');
              charts.forEach(function (svg, i) {
                var marks = svg.querySelectorAll('.mark');
                var drawn = 0;
                marks.forEach(function (m) { var b = m.getBBox(); if (b.width > 0 && b.height > 0) { drawn++; } });
                var box = svg.getBoundingClientRect();
                out.push('chart ' + i + ' marks=' + marks.length + ' drawn=' + drawn + ' width=' + Math.round(box.width)
                         + ' | ' + svg.getAttribute('aria-label'));
              });
              out.push('charts=' + charts.length);
              errors.forEach(function (e) { out.push('ERROR ' + e); });
              var pre = document.createElement('pre');
              pre.id = 'probe';
              pre.textContent = out.join('\\n');
              document.body.appendChild(pre);
            })();
            </script>
            """;

    @TempDir
    Path tmp;

    @Test
    @Timeout(value = 2, unit = TimeUnit.MINUTES)
    void shouldDrawEveryChartInHeadlessChromiumWithoutAnError() throws Exception {
        int charts = assertEveryChartDrawn(SyntheticRun.page(), "report.html");

        assertTrue(charts >= 15, "the synthetic run has charts of every kind: " + charts);
    }

    @Test
    @Timeout(value = 2, unit = TimeUnit.MINUTES)
    void shouldDrawEveryChartOfAComparisonPageInHeadlessChromiumWithoutAnError() throws Exception {
        int charts = assertEveryChartDrawn(SyntheticRuns.everyJudgementPage(), "compare.html");

        assertTrue(charts >= 8, "before/after bars and ratios of every experiment: " + charts);
    }

    /**
     * Opens {@code page}, written as {@code name} with the probe appended, and fails on an error, a console
     * message or a chart that drew nothing; skipped where there is no chromium. Returns how many charts it has.
     */
    private int assertEveryChartDrawn(String page, String name) throws IOException, InterruptedException {
        Path chromium = CHROMIUM.stream().filter(Files::isExecutable).findFirst().orElse(null);
        Assumptions.assumeTrue(chromium != null, "chromium not found: apt-get install chromium");
        int charts = count(page, "<svg class=\"chart\"");
        Path file = tmp.resolve(name);
        Files.writeString(file, page.replace("</body>", PROBE + "</body>"), StandardCharsets.UTF_8);

        Result result = open(chromium, file);

        Matcher probe = Pattern.compile("<pre id=\"probe\">(.*?)</pre>", Pattern.DOTALL).matcher(result.dom());
        assertTrue(probe.find(), "the probe ran and wrote its findings; chromium said:\n" + result.err());
        String findings = probe.group(1).replace("&amp;", "&").replace("&lt;", "<").replace("&gt;", ">");
        assertTrue(findings.contains("charts=" + charts), "every chart of the file is in the page:\n" + findings);
        List<String> empty = new ArrayList<>();
        for (String line : findings.lines().filter(l -> l.startsWith("chart ")).toList()) {
            Matcher m = Pattern.compile("marks=(\\d+) drawn=(\\d+) width=(\\d+)").matcher(line);
            assertTrue(m.find(), line);
            if (Integer.parseInt(m.group(2)) == 0 || Integer.parseInt(m.group(3)) == 0) {
                empty.add(line);
            }
        }
        assertEquals(List.of(), empty, "every chart drew something:\n" + findings);
        assertEquals(List.of(), findings.lines().filter(l -> l.startsWith("ERROR")).toList(), findings);
        List<String> console = result.err().lines().filter(l -> l.contains(":CONSOLE")).toList();
        assertEquals(List.of(), console, "the page logs nothing to the console");
        return charts;
    }

    private record Result(String dom, String err) {
    }

    private Result open(Path chromium, Path file) throws IOException, InterruptedException {
        Path out = tmp.resolve("dom.html");
        Path err = tmp.resolve("chromium.err");
        Process process = new ProcessBuilder(chromium.toString(), "--headless=new", "--no-sandbox", "--disable-gpu",
                "--no-first-run", "--disable-extensions", "--enable-logging=stderr", "--v=0",
                "--user-data-dir=" + tmp.resolve("profile"), "--window-size=1300,2000", "--dump-dom",
                file.toUri().toString())
                .redirectOutput(out.toFile()).redirectError(err.toFile()).start();
        if (!process.waitFor(90, TimeUnit.SECONDS)) {
            process.descendants().forEach(ProcessHandle::destroyForcibly);
            process.destroyForcibly();
            throw new AssertionError("chromium did not finish within 90 s: " + Files.readString(err));
        }
        return new Result(Files.readString(out), Files.readString(err));
    }

    private static int count(String text, String part) {
        int n = 0;
        for (int i = text.indexOf(part); i >= 0; i = text.indexOf(part, i + 1)) {
            n++;
        }
        return n;
    }
}
