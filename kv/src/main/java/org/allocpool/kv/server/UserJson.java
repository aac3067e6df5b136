package org.allocpool.kv.server;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.io.CharConversionException;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Iterator;
import java.util.Set;
import org.allocpool.kv.user.User;
import org.allocpool.kv.user.UserLayout;

/**
 * The JSON form of a {@link User}, as HTTP clients send and receive it:
 * {@code {"id": 42, "name": "Ann Lee", "email": "ann@example.com", "city": "Lyon", "friends": [7, 19, 23]}}.
 * {@code id}, {@code name} and {@code friends} are required; {@code email} and {@code city} may be
 * missing or null; any other field is refused, and so is a user the store's layout cannot hold (a
 * string over {@link UserLayout#MAX_STRING_BYTES} UTF-8 bytes, over {@link UserLayout#MAX_FRIENDS} friends). Reading checks every field itself so that a bad
 * body is refused with a message naming the field, not Jackson's account of a Java type.
 *
 * <p>Thread-safe: stateless, over one shared, configured-once {@link ObjectMapper}.
 */
public final class UserJson {

    static final ObjectMapper MAPPER = new ObjectMapper()
            .enable(JsonParser.Feature.STRICT_DUPLICATE_DETECTION)
            .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS);
    private static final Set<String> FIELDS = Set.of("id", "name", "email", "city", "friends");

    private UserJson() {
    }

    /**
     * Reads a user from a JSON body sent to {@code /users/{pathId}}.
     *
     * @throws BadUserException naming the field that is missing, of the wrong type, unknown, too
     *                          long for the stored layout, or (for {@code id}) different from the path
     */
    public static User read(InputStream body, long pathId) throws BadUserException {
        JsonNode root;
        try {
            root = MAPPER.readTree(body);
        } catch (JsonProcessingException e) {
            throw new BadUserException("body is not valid JSON: " + e.getOriginalMessage());
        } catch (CharConversionException e) {
            // bytes that are no text in the encoding Jackson detected (UTF-32 above U+10FFFF): the body's
            // fault, not an I/O error (it was an HTTP 500; found by HttpUserFuzzTest)
            throw new BadUserException("body is not valid JSON: " + e.getMessage());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        if (root == null || root.isMissingNode()) {
            throw new BadUserException("body is empty; expected a JSON object with id, name and friends");
        }
        if (!root.isObject()) {
            throw new BadUserException("body must be a JSON object, was " + kind(root));
        }
        for (Iterator<String> names = root.fieldNames(); names.hasNext(); ) {
            String name = names.next();
            if (!FIELDS.contains(name)) {
                throw new BadUserException("unknown field '" + name + "'; allowed: id, name, email, city, friends");
            }
        }
        long id = wholeNumber(required(root, "id"), "id");
        if (id != pathId) {
            throw new BadUserException("field 'id' is " + id + " but the path says " + pathId);
        }
        String name = text(required(root, "name"), "name");
        String email = optionalText(root, "email");
        String city = optionalText(root, "city");
        JsonNode friendsNode = required(root, "friends");
        if (!friendsNode.isArray()) {
            throw new BadUserException("field 'friends' must be an array of whole numbers, was " + kind(friendsNode));
        }
        long[] friends = new long[friendsNode.size()];
        for (int i = 0; i < friends.length; i++) {
            friends[i] = wholeNumber(friendsNode.get(i), "friends[" + i + "]");
        }
        User user = new User(id, name, email, city, friends);
        try {
            UserLayout.encodedLength(user); // the store holds users in the flyweight layout: refuse what it cannot hold
        } catch (IllegalArgumentException tooLong) {
            // a name of 326 bytes was an HTTP 500 from the encoder (found by HttpUserFuzzTest)
            throw new BadUserException(tooLong.getMessage());
        }
        return user;
    }

    /** The user as one line of JSON, optional fields left out when absent. */
    public static byte[] write(User user) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream(128);
        try (JsonGenerator json = MAPPER.createGenerator(bytes)) {
            json.writeStartObject();
            json.writeNumberField("id", user.id());
            json.writeStringField("name", user.name());
            if (user.email() != null) {
                json.writeStringField("email", user.email());
            }
            if (user.city() != null) {
                json.writeStringField("city", user.city());
            }
            json.writeArrayFieldStart("friends");
            for (long friend : user.friends()) {
                json.writeNumber(friend);
            }
            json.writeEndArray();
            json.writeEndObject();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return bytes.toByteArray();
    }

    private static JsonNode required(JsonNode root, String field) throws BadUserException {
        JsonNode node = root.get(field);
        if (node == null || node.isNull()) {
            throw new BadUserException("field '" + field + "' is required");
        }
        return node;
    }

    private static long wholeNumber(JsonNode node, String field) throws BadUserException {
        if (!node.isIntegralNumber() || !node.canConvertToLong()) {
            throw new BadUserException("field '" + field + "' must be a whole number (64-bit), was " + kind(node));
        }
        return node.longValue();
    }

    private static String text(JsonNode node, String field) throws BadUserException {
        if (!node.isTextual()) {
            throw new BadUserException("field '" + field + "' must be a string, was " + kind(node));
        }
        String text = node.textValue();
        int lone = loneSurrogate(text);
        if (lone >= 0) {
            // UTF-8 has no form for it: the stored layout would keep a '?' and read back another string
            // (found by HttpUserFuzzTest: a body with the bytes ED B7 B5, which Jackson reads as U+DDF5)
            throw new BadUserException(String.format("field '%s' holds an unpaired surrogate U+%04X at char %d: not"
                    + " Unicode text", field, (int) text.charAt(lone), lone));
        }
        return text;
    }

    /** The index of the first surrogate char of {@code s} that is not half of a pair, or -1. */
    private static int loneSurrogate(String s) {
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (Character.isHighSurrogate(c) && i + 1 < s.length() && Character.isLowSurrogate(s.charAt(i + 1))) {
                i++;
            } else if (Character.isSurrogate(c)) {
                return i;
            }
        }
        return -1;
    }

    private static String optionalText(JsonNode root, String field) throws BadUserException {
        JsonNode node = root.get(field);
        return node == null || node.isNull() ? null : text(node, field);
    }

    /** What a node is, in JSON's words, with a short sample of its value. */
    private static String kind(JsonNode node) {
        String type = switch (node.getNodeType()) {
            case ARRAY -> "an array";
            case OBJECT -> "an object";
            case STRING -> "a string";
            case BOOLEAN -> "a boolean";
            case NUMBER -> "a number";
            case NULL -> "null";
            default -> node.getNodeType().toString().toLowerCase(java.util.Locale.ROOT);
        };
        String sample = node.toString();
        return node.isContainerNode() || node.isNull() ? type
                : type + " " + (sample.length() > 40 ? sample.substring(0, 40) + "..." : sample);
    }
}
