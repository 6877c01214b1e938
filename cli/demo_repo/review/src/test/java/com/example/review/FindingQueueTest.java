package com.example.review;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class FindingQueueTest {

    @Test
    void mostSevereFindingComesFirst() {
        FindingQueue queue = new FindingQueue();
        queue.add(new Finding("f2", "B.java", 3, Finding.Severity.MINOR, "unused import"));
        queue.add(new Finding("f1", "A.java", 7, Finding.Severity.CRITICAL, "SQL built by concatenation"));

        assertEquals("f1", queue.next().orElseThrow().id());
    }
}
