import { useCallback } from 'react';
import { useLocation } from 'react-router-dom';
import { useAppSelector } from './hooks';
import { selectUnderDevelopment } from './session';
import { hasBetaParam, withBeta } from './routes';

/** Whether `beta=on` is active (only while the under_development flag is), and a builder that
 * keeps it on link targets. */
export function useBeta(): { betaOn: boolean; link: (to: string) => string } {
  const { search } = useLocation();
  const underDevelopment = useAppSelector(selectUnderDevelopment);
  const betaOn = underDevelopment && hasBetaParam(search);
  const link = useCallback((to: string) => withBeta(to, betaOn), [betaOn]);
  return { betaOn, link };
}
