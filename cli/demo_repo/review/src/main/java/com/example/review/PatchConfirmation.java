package com.example.review;

import org.springframework.stereotype.Service;

/** Applies the human's decision about the patch proposed for a finding. */
@Service
public class PatchConfirmation {

    public enum Decision {
        CONFIRM,
        REJECT
    }

    private final FindingQueue queue;

    public PatchConfirmation(FindingQueue queue) {
        this.queue = queue;
    }

    /**
     * Records the decision and takes the finding off the queue.
     *
     * @return false when the finding was no longer pending
     */
    public boolean decide(String findingId, Decision decision) {
        boolean removed = queue.remove(findingId);
        // The patch itself is applied by the caller only after CONFIRM.
        return removed && decision != null;
    }
}
