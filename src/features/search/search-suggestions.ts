// Suggestions for a search box: product names from /api/search, offered through the input's datalist.
const DELAY_MS = 200;

export function watchSearchSuggestions(form: HTMLFormElement) {
  const input = form.querySelector<HTMLInputElement>('input[name="q"]');
  const list = input?.list;
  if (!input || !list) return;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let request: AbortController | undefined;
  input.addEventListener('input', () => {
    clearTimeout(timer);
    timer = setTimeout(async () => {
      request?.abort();
      request = new AbortController();
      const query = input.value.trim();
      if (query.length < 2) {
        list.replaceChildren();
        return;
      }
      try {
        const response = await fetch(`/api/search?q=${encodeURIComponent(query)}`, { signal: request.signal });
        if (!response.ok) return;
        const { suggestions } = (await response.json()) as { suggestions: { name: string }[] };
        list.replaceChildren(
          ...suggestions.map(({ name }) => Object.assign(document.createElement('option'), { value: name })),
        );
      } catch {
        // Offline or superseded by the next keystroke: the form still searches on submit.
      }
    }, DELAY_MS);
  });
}
