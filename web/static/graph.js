// Draws every graph on the page: the nodes, edges and options pyvis built on the server, read from a JSON
// data block (never executed), drawn with the vis-network script that ships with pyvis. A click on a tool
// that carries a link (a path on this site) opens it.
(function () {
  "use strict";

  function draw(holder) {
    var block = document.getElementById(holder.getAttribute("data-graph"));
    if (!block || typeof vis === "undefined") {
      holder.textContent = "The graph cannot be drawn: its script did not load.";
      return;
    }
    var data = JSON.parse(block.textContent);
    var nodes = new vis.DataSet(data.nodes);
    var edges = new vis.DataSet(data.edges);
    var network = new vis.Network(holder, { nodes: nodes, edges: edges }, data.options || {});
    network.on("click", function (params) {
      if (!params.nodes.length) {
        return;
      }
      var node = nodes.get(params.nodes[0]);
      if (node && typeof node.url === "string" && node.url.charAt(0) === "/" && node.url.charAt(1) !== "/") {
        window.location.assign(node.url);
      }
    });
    network.once("afterDrawing", function () {
      holder.setAttribute("data-drawn", String(nodes.length));
    });
  }

  document.querySelectorAll("[data-graph]").forEach(draw);
})();
