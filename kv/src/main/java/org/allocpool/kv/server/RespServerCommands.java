package org.allocpool.kv.server;

import io.netty.buffer.ByteBuf;
import java.util.Locale;
import org.allocpool.kv.store.MappedStore;

/**
 * The RESP commands about the connection and the server rather than the data: PING, ECHO, QUIT,
 * SELECT 0, INFO, COMMAND, CONFIG GET and CLIENT SETNAME/SETINFO, answered as far as redis-cli,
 * redis-benchmark, Jedis and Lettuce ask at start; anything else gets Redis's unknown-command error.
 * Only PING and ECHO are meant for a hot path; the rest allocate their replies.
 *
 * <p>Thread-safe: it keeps no state of its own (the store is thread-safe); one instance serves
 * every connection of a server.
 */
final class RespServerCommands {

    private static final byte[] PING = RespReplies.ascii("PING");
    private static final byte[] ECHO = RespReplies.ascii("ECHO");
    private static final byte[] QUIT = RespReplies.ascii("QUIT");
    private static final byte[] SELECT = RespReplies.ascii("SELECT");
    private static final byte[] INFO = RespReplies.ascii("INFO");
    private static final byte[] COMMAND = RespReplies.ascii("COMMAND");
    private static final byte[] CONFIG = RespReplies.ascii("CONFIG");
    private static final byte[] CLIENT = RespReplies.ascii("CLIENT");
    private static final byte[] GET = RespReplies.ascii("GET");
    private static final byte[] SETNAME = RespReplies.ascii("SETNAME");
    private static final byte[] SETINFO = RespReplies.ascii("SETINFO");
    /**
     * What INFO reports as redis_version: the protocol level this server answers (RESP2, the
     * commands of Redis 7 it knows), so that clients that check the version accept it.
     */
    static final String REDIS_VERSION = "7.0.0";

    private final MappedStore store;

    RespServerCommands(MappedStore store) {
        this.store = store;
    }

    /**
     * Runs {@code request} and writes its reply.
     *
     * @return false when the connection is to be closed once the reply is sent (QUIT)
     */
    boolean execute(RespRequest request, ByteBuf out) {
        int count = request.count();
        if (request.is(0, PING)) {
            if (count == 1) {
                out.writeBytes(RespReplies.PONG);
            } else if (count == 2) {
                RespReplies.writeBulk(out, request, 1);
            } else {
                RespCommands.wrongArity(request, out);
            }
        } else if (request.is(0, ECHO)) {
            if (count == 2) {
                RespReplies.writeBulk(out, request, 1);
            } else {
                RespCommands.wrongArity(request, out);
            }
        } else if (request.is(0, QUIT)) {
            out.writeBytes(RespReplies.OK);
            return false;
        } else if (request.is(0, SELECT)) {
            select(request, out);
        } else if (request.is(0, INFO)) {
            RespReplies.writeBulk(out, info());
        } else if (request.is(0, COMMAND)) {
            // redis-cli asks COMMAND DOCS for its hints: none to give, an empty array says so.
            out.writeBytes(RespReplies.EMPTY_ARRAY);
        } else if (request.is(0, CONFIG)) {
            config(request, out);
        } else if (request.is(0, CLIENT)) {
            client(request, out);
        } else {
            unknown(request, out);
        }
        return true;
    }

    private static void select(RespRequest request, ByteBuf out) {
        if (request.count() != 2) {
            RespCommands.wrongArity(request, out);
        } else if (request.toLong(1) == 0) {
            out.writeBytes(RespReplies.OK);
        } else {
            RespReplies.writeError(out, "DB index is out of range (this server has database 0 only)");
        }
    }

    /** CONFIG GET answers what redis-benchmark asks at start (save, appendonly); other parameters: none. */
    private static void config(RespRequest request, ByteBuf out) {
        if (request.count() < 2 || !request.is(1, GET)) {
            RespReplies.writeError(out, "CONFIG " + (request.count() < 2 ? "" : request.text(1, 32))
                    + " is not supported by this server (CONFIG GET is)");
            return;
        }
        if (request.count() != 3) {
            RespCommands.wrongArity(request, out);
            return;
        }
        String parameter = request.text(2, 64).toLowerCase(Locale.ROOT);
        String value = switch (parameter) {
            case "save" -> ""; // no RDB snapshots: the store is its own file
            case "appendonly" -> "no"; // no AOF either
            case "databases" -> "1";
            default -> null;
        };
        if (value == null) {
            out.writeBytes(RespReplies.EMPTY_ARRAY);
        } else {
            RespReplies.writeArrayHeader(out, 2);
            RespReplies.writeBulk(out, parameter);
            RespReplies.writeBulk(out, value);
        }
    }

    /** CLIENT SETNAME and SETINFO (Jedis and Lettuce send them on connect) are accepted and forgotten. */
    private static void client(RespRequest request, ByteBuf out) {
        if (request.count() >= 3 && (request.is(1, SETNAME) || request.is(1, SETINFO))) {
            out.writeBytes(RespReplies.OK);
        } else {
            RespReplies.writeError(out, "CLIENT " + (request.count() < 2 ? "" : request.text(1, 32))
                    + " is not supported by this server (CLIENT SETNAME and SETINFO are accepted)");
        }
    }

    private String info() {
        return "# Server\r\n"
                + "redis_version:" + REDIS_VERSION + "\r\n"
                + "allocpool_kv:resp2 over a persistent off-heap store\r\n"
                + "redis_mode:standalone\r\n"
                + "process_id:" + ProcessHandle.current().pid() + "\r\n"
                + "arch_bits:64\r\n"
                + "\r\n# Persistence\r\n"
                + "store_file:" + store.file() + "\r\n"
                + "store_bytes:" + store.fileBytes() + "\r\n"
                + "\r\n# Keyspace\r\n"
                + "db0:keys=" + store.size() + "\r\n";
    }

    /** {@code -ERR unknown command 'x', with args beginning with: 'a' 'b' }, as Redis 7 words it. */
    private static void unknown(RespRequest request, ByteBuf out) {
        StringBuilder message = new StringBuilder("unknown command '").append(request.text(0, 64))
                .append("', with args beginning with: ");
        for (int arg = 1; arg < Math.min(request.count(), 4); arg++) {
            message.append('\'').append(request.text(arg, 32)).append("' ");
        }
        RespReplies.writeError(out, message.toString());
    }
}
