package org.allocpool.lab.kv.tables;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.allocpool.lab.text.MarkdownTable;
import org.allocpool.lab.text.Numbers;

/**
 * The codecs table (one per codecs record) and the article's encoding speeds beside ours, both
 * also as multiples of JDK serialization, the one codec both measured. Thread-safe (stateless).
 */
final class CodecTables {

    private CodecTables() {
    }

    static String render(List<JsonNode> records) {
        StringBuilder out = new StringBuilder();
        Notes notes = new Notes();
        JsonNode last = null;
        for (JsonNode record : records) {
            out.append("## Codecs: users of ").append(KvTables.count(KvResults.users(record))).append(", a sample of ")
                    .append(KvTables.count(record.path("cell").path("sample").asLong())).append(" drawn at random to encode and decode\n\n");
            if (!KvResults.isOk(record)) {
                out.append("failed ").append(notes.mark("codecs: " + record.path("error").asText("no reason recorded")))
                        .append("\n\n").append(notes.drain()).append('\n');
                continue;
            }
            last = record;
            Map<String, JsonNode> byCodec = byCodec(record);
            double jdkEncodes = rate(byCodec.get("jdk"), "encodesPerSecond");
            double jdkDecodes = rate(byCodec.get("jdk"), "decodesPerSecond");
            MarkdownTable table = KvTables.table("codec", "encoded bytes", "encodes/s (M)", "decodes/s (M)",
                    "encodes x JDK", "decodes x JDK");
            for (JsonNode codec : byCodec.values()) {
                double encodes = rate(codec, "encodesPerSecond");
                double decodes = rate(codec, "decodesPerSecond");
                table.row(KvTables.row(codec.path("codec").asText("?"), KvTables.number(codec.path("encodedBytes")),
                        KvTables.millions(encodes), KvTables.millions(decodes), ratio(encodes, jdkEncodes),
                        ratio(decodes, jdkDecodes)));
            }
            out.append(table.render()).append('\n')
                    .append("flyweight: allocpool's binary layout; fory: Apache Fory, schema-consistent mode; kryo: Kryo 5,"
                            + " registration required; jdk: java.io serialization. Encodes make a fresh byte[], decodes a"
                            + " fresh User.\n\n");
        }
        if (last != null) {
            out.append(besideTheArticle(byCodec(last)));
        }
        return out.toString();
    }

    private static String besideTheArticle(Map<String, JsonNode> ours) {
        double jdk = rate(ours.get("jdk"), "encodesPerSecond");
        MarkdownTable table = KvTables.table("article's encoding", "encodes/s (M)", "x JDK", "ours", "encodes/s (M)", "x JDK");
        for (KvArticleFigures.EncodingRow row : KvArticleFigures.ENCODINGS) {
            JsonNode codec = row.ours() == null ? null : ours.get(row.ours());
            double encodes = rate(codec, "encodesPerSecond");
            table.row(KvTables.row(row.label(), KvTables.millions(row.encodesPerS()),
                    ratio(row.encodesPerS(), KvArticleFigures.JDK_ENCODES_PER_S),
                    row.ours() == null ? "-" : row.ours(), codec == null ? "" : KvTables.millions(encodes),
                    codec == null ? "" : ratio(encodes, jdk)));
        }
        JsonNode kryo = ours.get("kryo");
        if (kryo != null) {
            double encodes = rate(kryo, "encodesPerSecond");
            table.row(KvTables.row("-", "", "", "kryo", KvTables.millions(encodes), ratio(encodes, jdk)));
        }
        return "## Beside the article: encoding\n\n" + table.render() + "\n"
                + "The article encoded a price update with an embedded instrument, we a user: compare the multiples of"
                + " JDK serialization, not the rates. Its structs are the forerunner of our flyweight, its fast"
                + " serialization (FST) of Fory.\n" + KvArticleFigures.CITATION + "\n\n";
    }

    private static Map<String, JsonNode> byCodec(JsonNode record) {
        Map<String, JsonNode> byCodec = new LinkedHashMap<>();
        record.path("metrics").path("codecs").forEach(c -> byCodec.put(c.path("codec").asText("?"), c));
        return byCodec;
    }

    private static double rate(JsonNode codec, String field) {
        return codec == null || !codec.path(field).isNumber() ? Double.NaN : codec.path(field).asDouble();
    }

    private static String ratio(double value, double base) {
        return Double.isNaN(value) || Double.isNaN(base) || base == 0 ? "?" : Numbers.compact(value / base);
    }
}
