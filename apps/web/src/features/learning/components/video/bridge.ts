/**
 * The lecture page's one player, for the parts of the page outside it (the notes' time stamps):
 * the current time and a seek. Null while no player is on the page.
 */
export type PlayerHandle = { time: () => number; seek: (seconds: number) => void };

let current: PlayerHandle | null = null;

export function registerPlayer(handle: PlayerHandle): () => void {
  current = handle;
  return () => {
    if (current === handle) current = null;
  };
}

export const activePlayer = (): PlayerHandle | null => current;
