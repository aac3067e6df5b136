package org.allocpool.echo.yaml;

/**
 * A scenario document that cannot be read: the message names the document (counted from 1) and
 * the field. An {@link IllegalArgumentException}, so the command line reports it as bad input.
 */
public final class ScenarioException extends IllegalArgumentException {

    private static final long serialVersionUID = 1L;

    public ScenarioException(String message) {
        super(message);
    }
}
