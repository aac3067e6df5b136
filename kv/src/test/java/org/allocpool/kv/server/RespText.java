package org.allocpool.kv.server;

/** RESP2 requests as a client writes them, for tests that feed a handler bytes. Stateless. */
final class RespText {

    private RespText() {
    }

    /** {@code args} as one RESP array of bulk strings (ASCII arguments: one byte per char). */
    static String command(String... args) {
        StringBuilder out = new StringBuilder("*").append(args.length).append("\r\n");
        for (String arg : args) {
            out.append('$').append(arg.length()).append("\r\n").append(arg).append("\r\n");
        }
        return out.toString();
    }
}
