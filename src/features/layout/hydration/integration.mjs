// Registers the island directives of this folder with Astro (astro.config.mjs).
import { fileURLToPath } from 'node:url';

const DIRECTIVES = { event: 'on-event.ts', interaction: 'on-interaction.ts' };

export default function islandDirectives() {
  return {
    name: 'store:island-directives',
    hooks: {
      'astro:config:setup': ({ addClientDirective }) => {
        for (const [name, file] of Object.entries(DIRECTIVES))
          addClientDirective({ name, entrypoint: fileURLToPath(new URL(file, import.meta.url)) });
      },
    },
  };
}
