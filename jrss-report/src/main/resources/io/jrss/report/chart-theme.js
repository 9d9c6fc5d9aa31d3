// Chart.js defaults every jrss page shares: the page's own colours (light or dark mode) and no animation.
(function () {
  const css = getComputedStyle(document.documentElement);
  Chart.defaults.color = css.getPropertyValue('--fg').trim() || '#1d2430';
  Chart.defaults.borderColor = css.getPropertyValue('--line').trim() || '#d9dee7';
  Chart.defaults.animation = false;
})();
