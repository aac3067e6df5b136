package org.allocpool.echo.yaml;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import java.util.List;
import org.allocpool.echo.event.Message;
import org.allocpool.echo.event.TopOfBook;

/**
 * Fuzz target of the YAML scenario reader of {@code echo replay} (issue 34): any text either reads
 * as events or is refused with one {@link ScenarioException} naming the document; never another
 * exception (Jackson's, an IndexOutOfBoundsException, an OutOfMemoryError). Whatever it reads,
 * {@link ScenarioWriter} writes and the reader reads back as the same events.
 *
 * <p>The normal suite replays {@code ScenarioReaderFuzzTestInputs/}; {@code JAZZER_FUZZ=1} fuzzes.
 */
class ScenarioReaderFuzzTest {

    @FuzzTest(maxDuration = "10m")
    void shouldReadAnyTextAsEventsThatReadBackOrRefuseItNamingTheDocument(FuzzedDataProvider data) {
        String yaml = data.consumeRemainingAsString();
        List<Object> events;
        try {
            events = ScenarioReader.read(yaml);
        } catch (ScenarioException refused) {
            assertTrue(refused.getMessage().startsWith("document "), refused.getMessage());
            return;
        }
        ScenarioWriter writer = new ScenarioWriter();
        for (Object event : events) {
            switch (event) {
                case TopOfBook t -> writer.topOfBook(t);
                case Message m -> writer.message(m);
                case ErrorReply e -> writer.error(e.reason());
                default -> throw new AssertionError("not an event: " + event);
            }
        }
        String written = writer.text();
        assertEquals(events, ScenarioReader.read(written), written);
    }
}
