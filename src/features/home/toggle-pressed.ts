// Buttons marked data-toggle-pressed flip their aria-pressed on click; CSS keyed on that state
// does the rest (pausing the marquee, turning a testimonial card). One listener for the page.
document.addEventListener('click', (event) => {
  const button = (event.target as Element | null)?.closest?.('button[data-toggle-pressed]');
  if (!button) return;
  button.setAttribute('aria-pressed', String(button.getAttribute('aria-pressed') !== 'true'));
});
