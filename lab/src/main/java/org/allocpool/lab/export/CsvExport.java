package org.allocpool.lab.export;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.StreamSupport;
import org.allocpool.lab.store.ResultsFolder;

/**
 * A results folder's records as one flat table ({@code records.csv} beside {@code records.jsonl}),
 * for a spreadsheet or a data frame: one row per record, that is per fork of a cell (a fork recorded
 * twice, by a resumed or merged run, has two rows, as in the records), every experiment's in the
 * order written. Columns: {@code experiment,status,fork,error}, then every scalar of the record by
 * its dotted path ({@code cell.gc}, {@code env.jdk}, {@code metrics.nsPerPacket.median},
 * {@code metrics.gc.pauseMaxMs}); the header is the union of every record's columns in the order
 * first met, a record without a column leaving it empty. Arrays of numbers are left out, except that
 * an array named {@code rounds} is one column of its values joined by spaces; arrays of text are
 * joined by spaces ({@code env.jvmArgs}); an array of objects is flattened element by element, each
 * named by its first field when that is text ({@code metrics.codecs.kryo.encodesPerSecond}), else by
 * its index. Numbers are written plainly (no exponent, no locale); fields are quoted as RFC 4180 says,
 * lines end in CRLF. Thread-safe (stateless).
 */
public final class CsvExport {

    /** The columns every row starts with. */
    static final List<String> FIRST = List.of("experiment", "status", "fork", "error");

    private CsvExport() {
    }

    /** Writes {@code records} as {@link ResultsFolder#CSV} into {@code dir}, replacing an older one. */
    public static Path writeTo(Path dir, List<JsonNode> records) throws IOException {
        Path file = dir.resolve(ResultsFolder.CSV);
        Files.writeString(file, render(records), StandardCharsets.UTF_8);
        return file;
    }

    /** The table of {@code records}: a header line, then one line per record. */
    public static String render(List<JsonNode> records) {
        Set<String> columns = new LinkedHashSet<>(FIRST);
        List<Map<String, String>> rows = new ArrayList<>();
        for (JsonNode record : records) {
            Map<String, String> row = new LinkedHashMap<>();
            for (String first : FIRST) {
                JsonNode value = record.get(first);
                if (value != null && value.isValueNode() && !value.isNull()) {
                    row.put(first, scalar(value));
                }
            }
            for (Iterator<Map.Entry<String, JsonNode>> fields = record.fields(); fields.hasNext(); ) {
                Map.Entry<String, JsonNode> field = fields.next();
                if (!FIRST.contains(field.getKey())) {
                    flatten(field.getKey(), field.getValue(), row);
                }
            }
            columns.addAll(row.keySet());
            rows.add(row);
        }
        StringBuilder out = new StringBuilder();
        line(out, List.copyOf(columns));
        for (Map<String, String> row : rows) {
            line(out, columns.stream().map(c -> row.getOrDefault(c, "")).toList());
        }
        return out.toString();
    }

    private static void flatten(String path, JsonNode node, Map<String, String> row) {
        if (node == null || node.isNull() || node.isMissingNode()) {
            return;
        }
        if (node.isObject()) {
            node.fields().forEachRemaining(f -> flatten(path + "." + f.getKey(), f.getValue(), row));
        } else if (node.isArray()) {
            array(path, node, row);
        } else {
            row.put(path, scalar(node));
        }
    }

    private static void array(String path, JsonNode array, Map<String, String> row) {
        List<JsonNode> elements = StreamSupport.stream(array.spliterator(), false).toList();
        if (elements.isEmpty()) {
            return;
        }
        if (elements.stream().allMatch(JsonNode::isNumber)) {
            if (path.equals("rounds") || path.endsWith(".rounds")) {
                row.put(path, String.join(" ", elements.stream().map(CsvExport::scalar).toList()));
            }
        } else if (elements.stream().allMatch(JsonNode::isTextual)) {
            row.put(path, String.join(" ", elements.stream().map(JsonNode::asText).toList()));
        } else if (elements.stream().allMatch(JsonNode::isObject)) {
            for (int i = 0; i < elements.size(); i++) {
                JsonNode element = elements.get(i);
                Iterator<Map.Entry<String, JsonNode>> fields = element.fields();
                Map.Entry<String, JsonNode> first = fields.hasNext() ? fields.next() : null;
                boolean named = first != null && first.getValue().isTextual() && !first.getValue().asText().isEmpty();
                String name = named ? first.getValue().asText() : Integer.toString(i);
                element.fields().forEachRemaining(f -> {
                    if (!named || !f.getKey().equals(first.getKey())) {
                        flatten(path + "." + name + "." + f.getKey(), f.getValue(), row);
                    }
                });
            }
        }
    }

    /** A value as a cell holds it: numbers plainly ({@code 10116465.378364587}, never {@code 1.01E7}), text as it is. */
    private static String scalar(JsonNode value) {
        if (value.isIntegralNumber()) {
            return value.bigIntegerValue().toString();
        }
        if (value.isNumber()) {
            double d = value.doubleValue();
            return Double.isFinite(d) ? new BigDecimal(Double.toString(d)).toPlainString() : Double.toString(d);
        }
        return value.asText();
    }

    private static void line(StringBuilder out, List<String> cells) {
        for (int i = 0; i < cells.size(); i++) {
            out.append(i == 0 ? "" : ",").append(quoted(cells.get(i)));
        }
        out.append("\r\n");
    }

    /** RFC 4180: a field holding a comma, a quote or a line break is quoted, its quotes doubled. */
    public static String quoted(String field) {
        boolean quote = field.indexOf(',') >= 0 || field.indexOf('"') >= 0 || field.indexOf('\n') >= 0
                || field.indexOf('\r') >= 0;
        return quote ? "\"" + field.replace("\"", "\"\"") + "\"" : field;
    }
}
