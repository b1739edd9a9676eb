import { useEffect, useState } from 'react';

/**
 * True once the element has come near the viewport (IntersectionObserver), and from then on.
 * Without IntersectionObserver (old browsers, jsdom) everything counts as visible.
 */
export function useInView(element: Element | null, rootMargin = '200px'): boolean {
  const [seen, setSeen] = useState(() => typeof IntersectionObserver === 'undefined');

  useEffect(() => {
    if (seen || !element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setSeen(true);
      },
      { rootMargin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [element, rootMargin, seen]);

  return seen;
}

/** Like useInView but follows the element in and out (a "load more" sentinel). */
export function useIsIntersecting(element: Element | null, rootMargin = '400px'): boolean {
  const [inside, setInside] = useState(() => typeof IntersectionObserver === 'undefined');

  useEffect(() => {
    if (!element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => setInside(entries.some((entry) => entry.isIntersecting)),
      { rootMargin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [element, rootMargin]);

  return inside;
}
