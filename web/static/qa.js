// The QA page: poll /api/qa/<id> until the job has finished, and draw the plan's levels with each call's status.
// Text from the server is only ever set as textContent, never as HTML.
(function () {
  "use strict";
  const poll = document.getElementById("qa-poll");
  if (!poll) return;
  const url = poll.dataset.url;

  function el(tag, cls, text) {
    const node = document.createElement(tag);
    if (cls) node.className = cls;
    if (text !== undefined && text !== null) node.textContent = text;
    return node;
  }

  function draw(job) {
    const status = document.getElementById("qa-status");
    status.textContent = job.status;
    status.className = "qa-state " + job.status;
    const error = document.getElementById("qa-error");
    error.hidden = !job.error;
    error.textContent = job.error || "";
    const levels = document.getElementById("qa-levels");
    if (job.plan) {
      const names = {};
      job.plan.tools.forEach(function (t) { names[t.id] = t.name; });
      const calls = {};
      job.calls.forEach(function (c) { calls[c.tool] = c; });
      levels.replaceChildren();
      job.plan.levels.forEach(function (level, i) {
        const column = el("div", "qa-level");
        column.appendChild(el("h3", null, "level " + i));
        level.forEach(function (toolId) {
          const call = calls[toolId] || {status: "waiting"};
          const box = el("div", "qa-call qa-state " + call.status);
          box.appendChild(el("strong", null, names[toolId] || toolId));
          box.appendChild(el("div", "hint", toolId));
          let line = call.status;
          if (call.latency_ms) line += " · " + Math.round(call.latency_ms) + " ms";
          if (call.attempts > 1) line += " · " + call.attempts + " tries";
          if (call.mutating) line += " · changes data";
          box.appendChild(el("div", null, line));
          if (call.error) box.appendChild(el("div", "qa-call-error", call.error));
          column.appendChild(box);
        });
        levels.appendChild(column);
      });
      // substitutes and other calls the runner made beyond the plan
      const planned = new Set([].concat.apply([], job.plan.levels));
      const extra = job.calls.filter(function (c) { return !planned.has(c.tool); });
      if (extra.length) {
        const column = el("div", "qa-level");
        column.appendChild(el("h3", null, "substitutes"));
        extra.forEach(function (c) {
          const box = el("div", "qa-call qa-state " + c.status);
          box.appendChild(el("strong", null, c.tool));
          box.appendChild(el("div", null, c.status + (c.substitute_for ? " · instead of " + c.substitute_for : "")));
          if (c.error) box.appendChild(el("div", "qa-call-error", c.error));
          column.appendChild(box);
        });
        levels.appendChild(column);
      }
    }
    if (job.result) {
      document.getElementById("qa-answer").textContent = job.result.answer.text;
    } else if (job.finished) {
      document.getElementById("qa-answer").textContent = "(no answer)";
    }
    if (job.run_url) {
      document.getElementById("qa-run-link").href = job.run_url;
      document.getElementById("qa-run").hidden = false;
    }
  }

  function tick() {
    fetch(url, {headers: {"Accept": "application/json"}, credentials: "same-origin"})
      .then(function (r) { return r.json(); })
      .then(function (job) {
        draw(job);
        if (!job.finished) setTimeout(tick, 500);
      })
      .catch(function () { setTimeout(tick, 2000); });
  }

  const initial = document.getElementById("qa-job");
  if (initial) draw(JSON.parse(initial.textContent));
  tick();
})();
