package com.example.review;

/**
 * One problem found in the code under review.
 *
 * @param id       stable identifier of the finding
 * @param path     repository-relative path of the file
 * @param line     1-based line number
 * @param severity how urgent the finding is
 * @param message  what is wrong, in one sentence
 */
public record Finding(String id, String path, int line, Severity severity, String message) {

    /** Ordered from most to least urgent. */
    public enum Severity {
        CRITICAL,
        MAJOR,
        MINOR
    }
}
