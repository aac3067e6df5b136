package org.allocpool.lab.kv;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import org.allocpool.lab.records.CellFields;

/**
 * The {@code cell} of a kv record, as the contenders' main writes it and the lab reads it: a store
 * cell ({@code mode} {@code store}) names its contender, the codecs cell ({@code mode}
 * {@code codecs}) its sample, a servers cell ({@code mode} {@code server}) its server and durability
 * as its contender ({@code kvserve-async}). Fields a record does not carry are {@code null}. Immutable; safe to share.
 *
 * @param contender the store contender, e.g. {@code mapdb}; {@code null} for the codecs
 * @param users     users loaded (stores), or the range the codecs' sample is drawn from
 * @param mode      {@link #STORE} or {@link #CODECS}
 * @param sample    distinct users the codecs cycle through (codecs only)
 */
@JsonPropertyOrder({"contender", "users", "mode", "sample"})
@JsonInclude(JsonInclude.Include.NON_NULL)
public record KvCellFields(String contender, Long users, String mode, Integer sample) implements CellFields {

    /** The mode of a store cell. */
    public static final String STORE = "store";
    /** The mode of the codecs cell. */
    public static final String CODECS = "codecs";
    /** The mode of a servers cell, whose contender is a {@link KvServerSetup#label()}, e.g. {@code redis-everysec}. */
    public static final String SERVER = "server";

    /**
     * Mode, contender and users ({@code store/mapdb/1000000}, {@code codecs//1000000}): two records with
     * the same key are the same cell. The same key as before records were typed, so that old runs resume.
     */
    @Override
    public String key() {
        return nonNull(mode) + "/" + (isCodecs() ? "" : nonNull(contender)) + "/" + userCount();
    }

    /** Whether this is the codecs cell. */
    @JsonIgnore
    public boolean isCodecs() {
        return CODECS.equals(mode);
    }

    /** Whether this is a servers cell. */
    @JsonIgnore
    public boolean isServer() {
        return SERVER.equals(mode);
    }

    /** The users, 0 when the record names none. */
    @JsonIgnore
    public long userCount() {
        return users == null ? 0 : users;
    }

    /** How tables and notes name the cell: its contender, or {@code codecs}. */
    @JsonIgnore
    public String label() {
        return isCodecs() ? CODECS : contender == null ? "?" : contender;
    }

    private static String nonNull(String s) {
        return s == null ? "" : s;
    }
}
