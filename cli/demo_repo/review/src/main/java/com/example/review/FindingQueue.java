package com.example.review;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.PriorityQueue;

import org.springframework.stereotype.Component;

/**
 * The findings waiting for a human decision, most severe first.
 *
 * <p>A finding leaves the queue when its patch is confirmed or rejected
 * ({@link PatchConfirmation}); nothing is ever applied without that decision.
 */
@Component
public class FindingQueue {

    private final PriorityQueue<Finding> pending = new PriorityQueue<>(
            Comparator.comparing(Finding::severity).thenComparing(Finding::path).thenComparingInt(Finding::line));

    public synchronized void add(Finding finding) {
        pending.add(finding);
    }

    /** The most urgent finding, if any. */
    public synchronized Optional<Finding> next() {
        return Optional.ofNullable(pending.peek());
    }

    public synchronized boolean remove(String findingId) {
        return pending.removeIf(f -> f.id().equals(findingId));
    }

    public synchronized List<Finding> snapshot() {
        List<Finding> copy = new ArrayList<>(pending);
        copy.sort(pending.comparator());
        return copy;
    }
}
