import { useEffect, useRef, useState } from 'react';
import { startBackgroundAnimation } from '../profile/animations';
import { gradientStyle, type AnimationType, type GradientDirection } from './config';
import { messages } from './messages';

interface PreviewProps {
  type: AnimationType;
  visible: boolean;
  colors: string[];
  direction: GradientDirection;
  speed: number;
  config: { count: number; size: number; waveCount: number; amplitude: number; shapes: string[] };
  dark: boolean;
}

/** The gradient as CSS, the others on a small canvas with the public page's own animation code. */
export function Preview({ type, visible, colors, direction, speed, config, dark }: PreviewProps) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const [width, setWidth] = useState(0);
  const key = JSON.stringify({ colors, speed, ...config });

  // The animation sizes itself once when started, so start it when the box has a size
  // (a closed dialog or hidden tab has none) and again when that size changes.
  useEffect(() => {
    const box = canvas.current;
    if (!box) return;
    const observer = new ResizeObserver(() => setWidth(Math.round(box.clientWidth)));
    observer.observe(box);
    return () => observer.disconnect();
  }, [type]);

  useEffect(() => {
    const target = canvas.current;
    if (type === 'gradient' || !target || !visible || width === 0) return;
    // `key` carries the colours, speed and config: a new value restarts the animation.
    return startBackgroundAnimation(target, type, JSON.parse(key) as object, { dark });
  }, [type, key, visible, width, dark]);

  return (
    <figure className="background-picker__preview">
      {type === 'gradient' ? (
        <div
          className="background-picker__gradient"
          style={gradientStyle(colors, direction, speed)}
          role="img"
          aria-label={messages.preview}
        />
      ) : (
        <canvas ref={canvas} className="background-picker__canvas" role="img" aria-label={messages.preview} />
      )}
      <figcaption>{messages.preview}</figcaption>
    </figure>
  );
}
