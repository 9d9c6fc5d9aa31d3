// jrss diff HTML: the ledger before and after as paired bars, from the JSON in #jrss-data, with Chart.js (inlined above).
(function () {
  const data = JSON.parse(document.getElementById('jrss-data').textContent);
  const MiB = 1048576;
  const rows = data.ledger.filter(r => (r.before || 0) > 0 || (r.after || 0) > 0);
  const mib = v => v == null ? null : v / MiB;
  const chart = new Chart(document.getElementById('diffChart'), {
    type: 'bar',
    data: { labels: rows.map(r => r.id), datasets: [
      { label: 'before', data: rows.map(r => mib(r.before)), backgroundColor: '#9aa4b5' },
      { label: 'after', data: rows.map(r => mib(r.after)), backgroundColor: '#4e79a7' }] },
    options: { indexAxis: 'y', responsive: true, maintainAspectRatio: false,
      scales: { x: { min: 0, title: { display: true, text: 'resident, MiB' } } },
      plugins: { legend: { position: 'bottom' } } }
  });
  window.jrssCharts = { diff: chart.data.labels.length };
  window.jrssReady = performance.now();
})();
