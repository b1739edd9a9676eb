import type { Progress } from './backup';

/** One line on stderr, rewritten at most once a second (and at each step's end). */
export function terminalProgress(write: (text: string) => void = (t) => process.stderr.write(t)) {
  let last = 0;
  let lastStep = '';
  const progress: Progress = (step, done, total) => {
    const finished = done >= total;
    if (step === lastStep && !finished && Date.now() - last < 1000) return;
    if (lastStep && step !== lastStep) write('\n');
    lastStep = step;
    last = Date.now();
    const amount =
      step === 'base'
        ? `${(done / 1e6).toFixed(1)} / ${(total / 1e6).toFixed(1)} Mo`
        : `${done}/${total}`;
    write(`\r${step} : ${amount}`);
  };
  return { progress, end: () => lastStep && write('\n') };
}
