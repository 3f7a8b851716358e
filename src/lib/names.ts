// People's names as the store greets them.

/** 'Asha' from '  Asha   Rao ' ('' when there is no name). */
export const firstNameOf = (name: string) => name.trim().split(/\s+/)[0] ?? '';
