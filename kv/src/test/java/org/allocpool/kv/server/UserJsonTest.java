package org.allocpool.kv.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import org.allocpool.kv.user.User;
import org.allocpool.kv.user.UserGenerator;
import org.junit.jupiter.api.Test;

class UserJsonTest {

    static User read(String json, long pathId) throws BadUserException {
        return UserJson.read(new ByteArrayInputStream(json.getBytes(StandardCharsets.UTF_8)), pathId);
    }

    static void assertRefused(String json, String naming) {
        BadUserException e = assertThrows(BadUserException.class, () -> read(json, 42));
        assertTrue(e.getMessage().contains(naming), e.getMessage());
    }

    @Test
    void shouldReadTheIssuesExample() throws BadUserException {
        User user = read("{\"id\": 42, \"name\": \"Ann Lee\", \"email\": \"ann@example.com\", \"city\": \"Lyon\", "
                + "\"friends\": [7, 19, 23]}", 42);
        assertEquals(new User(42, "Ann Lee", "ann@example.com", "Lyon", new long[] {7, 19, 23}), user);
    }

    @Test
    void shouldRoundTripGeneratedUsers() throws BadUserException {
        for (long id = 0; id < 2_000; id++) {
            User user = UserGenerator.user(id * 1_000_003L);
            assertEquals(user, read(new String(UserJson.write(user), StandardCharsets.UTF_8), user.id()));
        }
    }

    @Test
    void shouldTakeMissingOrNullOptionalFieldsAsAbsent() throws BadUserException {
        assertEquals(new User(42, "A", null, null, new long[0]),
                read("{\"id\": 42, \"name\": \"A\", \"email\": null, \"friends\": []}", 42));
    }

    @Test
    void shouldNameEachMissingRequiredField() {
        assertRefused("{\"name\": \"A\", \"friends\": []}", "field 'id' is required");
        assertRefused("{\"id\": 42, \"friends\": []}", "field 'name' is required");
        assertRefused("{\"id\": 42, \"name\": \"A\"}", "field 'friends' is required");
        assertRefused("{\"id\": 42, \"name\": null, \"friends\": []}", "field 'name' is required");
    }

    @Test
    void shouldNameEachFieldOfTheWrongType() {
        assertRefused("{\"id\": \"42\", \"name\": \"A\", \"friends\": []}", "field 'id' must be a whole number");
        assertRefused("{\"id\": 4.2, \"name\": \"A\", \"friends\": []}", "field 'id' must be a whole number");
        assertRefused("{\"id\": 42, \"name\": 7, \"friends\": []}", "field 'name' must be a string, was a number 7");
        assertRefused("{\"id\": 42, \"name\": \"A\", \"city\": [], \"friends\": []}", "field 'city' must be a string");
        assertRefused("{\"id\": 42, \"name\": \"A\", \"email\": true, \"friends\": []}", "field 'email' must be a string");
        assertRefused("{\"id\": 42, \"name\": \"A\", \"friends\": {}}", "field 'friends' must be an array");
        assertRefused("{\"id\": 42, \"name\": \"A\", \"friends\": [1, 2.5]}", "field 'friends[1]' must be a whole number");
        assertRefused("{\"id\": 42, \"name\": \"A\", \"friends\": [99999999999999999999]}", "field 'friends[0]'");
    }

    @Test
    void shouldRefuseAUserTheStoredLayoutCannotHoldNamingTheFieldAndTheLimit() throws BadUserException {
        String name254 = "é".repeat(127); // 254 UTF-8 bytes: the most a string may take
        assertEquals(name254, read("{\"id\": 42, \"name\": \"" + name254 + "\", \"friends\": []}", 42).name());
        assertRefused("{\"id\": 42, \"name\": \"" + name254 + "x\", \"friends\": []}",
                "has a name of 255 UTF-8 bytes; the flyweight layout holds at most 254");
        assertRefused("{\"id\": 42, \"name\": \"A\", \"city\": \"" + "c".repeat(300) + "\", \"friends\": []}",
                "has a city of 300 UTF-8 bytes");
        String friends256 = String.join(", ", java.util.Collections.nCopies(256, "7"));
        assertRefused("{\"id\": 42, \"name\": \"A\", \"friends\": [" + friends256 + "]}",
                "has 256 friends; the flyweight layout holds at most 255");
    }

    @Test
    void shouldRefuseAStringWithAnUnpairedSurrogateWhichTheStoredLayoutCouldNotKeep() throws BadUserException {
        assertRefused("{\"id\": 42, \"name\": \"ab\\udc00c\", \"friends\": []}",
                "field 'name' holds an unpaired surrogate U+DC00 at char 2: not Unicode text");
        assertRefused("{\"id\": 42, \"name\": \"A\", \"email\": \"x\\ud83d\", \"friends\": []}",
                "field 'email' holds an unpaired surrogate U+D83D at char 1");
        assertEquals("a\ud83d\ude00", read("{\"id\": 42, \"name\": \"a\\ud83d\\ude00\", \"friends\": []}", 42).name(),
                "a pair is one code point, kept");
    }

    @Test
    void shouldRefuseAnIdOtherThanThePaths() {
        assertRefused("{\"id\": 41, \"name\": \"A\", \"friends\": []}", "field 'id' is 41 but the path says 42");
    }

    @Test
    void shouldRefuseUnknownAndDuplicateFieldsAndNonObjects() {
        assertRefused("{\"id\": 42, \"name\": \"A\", \"friends\": [], \"age\": 3}", "unknown field 'age'");
        assertRefused("{\"id\": 42, \"id\": 42, \"name\": \"A\", \"friends\": []}", "id");
        assertRefused("[1, 2]", "must be a JSON object, was an array");
        assertRefused("", "body is empty");
        assertRefused("{\"id\": 42, \"name\": \"A\", \"friends\": []} {}", "not valid JSON");
    }
}
