package org.allocpool.messaging;

import java.util.Arrays;
import java.util.List;
import org.allocpool.messaging.pingpong.PingPongMain;
import org.allocpool.messaging.throughput.ThroughputMain;

/**
 * The messaging lab's children, one command per process: {@code subscribe} and {@code publish} (a
 * throughput run over Aeron, per codec), {@code pong} and {@code ping} (round trips over Aeron or a
 * plain {@code DatagramChannel}). The lab starts them (a subscriber or pong first, awaited until its
 * ready line, then the other, whose stdout carries the record); their flags are the lab's
 * ({@code MessagingFlags}). A bad option is one line on stderr and exit code 2.
 */
public final class MessagingMain {

    private MessagingMain() {
    }

    public static void main(String[] args) throws Exception {
        if (args.length == 0 || args[0].equals("--help")) {
            System.err.println("usage: MessagingMain subscribe|publish|pong|ping [options] (started by 'allocpool lab messaging')");
            System.exit(args.length == 0 ? 2 : 0);
        }
        List<String> rest = Arrays.asList(args).subList(1, args.length);
        int status;
        try {
            status = switch (args[0]) {
                case "subscribe" -> ThroughputMain.subscribe(rest, System.out, System.err);
                case "publish" -> ThroughputMain.publish(rest, System.out, System.err);
                case "pong" -> PingPongMain.pong(rest, System.out, System.err);
                case "ping" -> PingPongMain.ping(rest, System.out, System.err);
                default -> throw new IllegalArgumentException("unknown command '" + args[0] + "'; allowed: subscribe, publish, pong, ping");
            };
        } catch (IllegalArgumentException e) {
            System.err.println("messaging: " + e.getMessage());
            status = 2;
        }
        System.out.flush();
        System.exit(status);
    }
}
