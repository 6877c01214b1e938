package com.example.api;

import java.util.List;

import com.example.review.Finding;
import com.example.review.FindingQueue;
import com.example.review.PatchConfirmation;
import com.example.review.PatchConfirmation.Decision;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/** REST endpoints over the review module. */
@RestController
@RequestMapping("/findings")
public class ReviewController {

    private final FindingQueue queue;
    private final PatchConfirmation confirmation;

    public ReviewController(FindingQueue queue, PatchConfirmation confirmation) {
        this.queue = queue;
        this.confirmation = confirmation;
    }

    @GetMapping
    public List<Finding> pending() {
        return queue.snapshot();
    }

    @PostMapping("/{id}/decision")
    public ResponseEntity<Void> decide(@PathVariable String id, @RequestParam Decision decision) {
        return confirmation.decide(id, decision) ? ResponseEntity.noContent().build() : ResponseEntity.notFound().build();
    }
}
