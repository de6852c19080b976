/**
 * Resolves in a task of its own: the work before and after it become separate tasks, so the browser can paint
 * and take input between them instead of running one long task (Lighthouse's total blocking time).
 */
export const nextTask = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));

/**
 * Resolves once the browser has painted the current frame (the frame's callback runs just before the paint), or
 * after a tenth of a second: a page that is not visible (a background tab) gets no frames at all.
 */
export const afterNextPaint = (): Promise<void> =>
  new Promise((resolve) => {
    requestAnimationFrame(() => setTimeout(resolve, 0));
    setTimeout(resolve, 100);
  });
