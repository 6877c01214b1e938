"""Secret recall and precision on every split of the corpus of ``tests/data/secrets/``, overall
and per form, the worst redaction time over adversarial 256 KiB inputs, and the cost of
redacting ordinary text.

    python bench/secret_redaction.py

(Not ``bench/secrets.py``: with ``bench/`` first on ``sys.path`` that name would shadow
the standard library's ``secrets``, which the HTTP client under ``openai`` imports.)
The corpus is data (``tests/data/secrets/*.jsonl``); its loader and scorer live with the
tests (``tests/privacy/secret_corpora.py``), so the test that enforces the bars and these tables
always measure the same thing. A sealed split (``sealed*.jsonl``) is scored with the
others but shown as totals only: no form, no missed or changed text.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path
from typing import Any

_CORPUS_DIR = Path(__file__).resolve().parent.parent / "tests" / "privacy"
sys.path.insert(0, str(_CORPUS_DIR))

from secret_corpora import Score, render, render_totals, score, splits  # noqa: E402

from autopatch_memory.privacy import redact  # noqa: E402

ADVERSARIAL_BYTES = 256 * 1024
# Runs of one character, keywords repeated, and shapes that once backtracked.
ADVERSARIAL_UNITS = [
    "-",
    ".",
    "=",
    "/",
    ":",
    "@",
    '"',
    "'",
    "\n",
    " ",
    "a",
    "password=",
    'password="',
    "password: ",
    "Bearer ",
    "aB3+/x9Z",
    "a://b:c@",
    "密码是",
    "token 是 ",
    "my password is ",
    "setPassword(",
    "password: a" + " " * 2000 + "x\n",
]


def worst_adversarial_seconds() -> tuple[float, str]:
    """The slowest redaction of a 256 KiB adversarial text, and its repeated unit."""
    worst = (0.0, "")
    for unit in ADVERSARIAL_UNITS:
        text = (unit * (ADVERSARIAL_BYTES // len(unit) + 1))[:ADVERSARIAL_BYTES]
        redact.cache_clear()
        started = time.perf_counter()
        redact(text)
        worst = max(worst, (time.perf_counter() - started, unit))
    return worst


# An ordinary recorded turn: a question, an answer with prose in both languages, code,
# configuration with placeholders, a stack trace and build output, and no secret.
ORDINARY_TURN = """用户问：OrderService 偶尔抛 OptimisticLockingFailureException，怎么排查？
配置如下：
spring:
  datasource:
    url: jdbc:mysql://db:3306/mall?useSSL=false&serverTimezone=Asia/Shanghai
    username: ${DB_USER}
    password: ${DB_PASSWORD}
  redis:
    host: 127.0.0.1
    timeout: 3000ms

回答：先确认 @Version 字段是否在每次更新时带上。The retry should wrap the whole
transaction, not only the save call, otherwise the stale entity is reused.

```java
@Retryable(value = OptimisticLockingFailureException.class, maxAttempts = 3)
@Transactional
public void pay(Long orderId, String token) {
    Order order = orderRepository.findById(orderId).orElseThrow();
    if (!tokenService.verify(token)) { throw new AccessDeniedException("bad token"); }
    order.setStatus(OrderStatus.PAID);
    orderRepository.save(order);
}
```

日志里的栈：
org.springframework.orm.ObjectOptimisticLockingFailureException: Row was updated or deleted
    at com.acme.mall.order.OrderService.pay(OrderService.java:88)
    at com.acme.mall.order.OrderController.pay(OrderController.java:41)
[INFO] BUILD SUCCESS  Tests run: 128, Failures: 0, Errors: 0, Skipped: 2
密码字段用 BCryptPasswordEncoder 加密，token 有效期 2 小时，见 docs/security.md。
Run mvn -pl order-service -am test before pushing; keep the key takeaway in the README.
"""
ORDINARY_REPEATS = 200


def ordinary_text_ms() -> tuple[float, float]:
    """Redaction cost on text without secrets, the common case (every recorded turn):
    the median of one turn with the cache cleared, and the time for 256 KiB of it."""
    samples = []
    for _ in range(ORDINARY_REPEATS):
        redact.cache_clear()
        started = time.perf_counter()
        redact(ORDINARY_TURN)
        samples.append(time.perf_counter() - started)
    samples.sort()
    big = (ORDINARY_TURN * (ADVERSARIAL_BYTES // len(ORDINARY_TURN) + 1))[:ADVERSARIAL_BYTES]
    redact.cache_clear()
    started = time.perf_counter()
    redact(big)
    big_seconds = time.perf_counter() - started
    return samples[len(samples) // 2] * 1000, big_seconds * 1000


def bench_secrets() -> dict[str, Any]:
    """The numbers ``bench/run.py`` reports (and this script prints as tables): per split,
    and pooled over the open ones."""
    every = [*splits(), *splits(sealed=True)]
    results: dict[str, Score] = {
        split.name: score(redact, split.secrets, split.look_alikes) for split in every
    }
    sealed = {split.name for split in every if split.sealed}
    pooled = [r for name, r in results.items() if name not in sealed]  # open splits only
    caught = sum(r.recall.ok for r in pooled)
    secrets = sum(r.recall.total for r in pooled)
    kept = sum(r.precision.ok for r in pooled)
    look_alikes = sum(r.precision.total for r in pooled)
    seconds, unit = worst_adversarial_seconds()
    turn_ms, big_ms = ordinary_text_ms()
    return {
        "recall": round(caught / secrets, 4),
        "precision": round(kept / look_alikes, 4),
        "secrets": secrets,
        "look_alikes": look_alikes,
        "splits": {
            name: {
                "recall": round(r.recall.rate, 4),
                "precision": round(r.precision.rate, 4),
                "secrets": r.recall.total,
                "look_alikes": r.precision.total,
            }
            for name, r in results.items()
        },
        "worst_adversarial_ms": round(seconds * 1000, 1),
        "worst_adversarial_unit": unit[:20],
        "ordinary_turn_ms": round(turn_ms, 3),
        "ordinary_256k_ms": round(big_ms, 1),
        "table": "\n\n".join(
            f"== split {name} ==\n{(render_totals if name in sealed else render)(r)}"
            for name, r in results.items()
        ),
    }


def render_summary(numbers: dict[str, Any]) -> str:
    lines = [numbers["table"], "", "split            recall  precision  secrets  look-alikes"]
    for name, split in numbers["splits"].items():
        lines.append(
            f"{name:<16} {split['recall']:>6.1%}  {split['precision']:>9.1%}"
            f"  {split['secrets']:>7}  {split['look_alikes']:>11}"
        )
    lines.append(
        f"{'open splits':<16} {numbers['recall']:>6.1%}  {numbers['precision']:>9.1%}"
        f"  {numbers['secrets']:>7}  {numbers['look_alikes']:>11}"
    )
    lines += [
        "",
        f"worst redaction of a 256 KiB adversarial text: {numbers['worst_adversarial_ms']:.1f} ms"
        f" (unit {numbers['worst_adversarial_unit']!r})",
        f"redaction of an ordinary {len(ORDINARY_TURN)}-character turn: "
        f"{numbers['ordinary_turn_ms']:.3f} ms (median); 256 KiB of such text: "
        f"{numbers['ordinary_256k_ms']:.1f} ms",
    ]
    return "\n".join(lines)


def main() -> int:
    print(render_summary(bench_secrets()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
