import { useEffect, useRef, useState } from 'preact/hooks';

export type DrawPlot = (width: number) => Element;

/**
 * Hosts one Observable Plot figure: `draw` gets the container's width and returns the element Plot made
 * (Plot writes labels with textContent, so data never becomes markup). Redrawn when the width changes.
 */
export function PlotFigure({
  draw,
  label,
  testId,
}: {
  readonly draw: DrawPlot;
  readonly label: string;
  readonly testId?: string;
}) {
  const container = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);

  useEffect(() => {
    const element = container.current;
    if (!element) return;
    const measure = (): void => setWidth(Math.max(200, Math.floor(element.clientWidth / 10) * 10));
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  useEffect(() => {
    const element = container.current;
    if (!element || width === 0) return;
    const figure = draw(width);
    element.replaceChildren(figure);
    return () => figure.remove();
  }, [draw, width]);

  return <div class="plot" ref={container} role="img" aria-label={label} data-testid={testId} />;
}
