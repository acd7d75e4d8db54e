import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Text } from '../Text';
import { theme } from '../theme';

describe('Text (Typography.Text in plain markup)', () => {
  it('renders secondary words in a span and strong ones in a strong, keeping the given attributes', () => {
    render(
      <>
        <Text secondary data-testid="grey" style={{ fontSize: 12 }}>
          Projects
        </Text>
        <Text strong ellipsis data-testid="bold">
          Acme Remote
        </Text>
      </>,
    );
    const grey = screen.getByTestId('grey');
    expect(grey.tagName).toBe('SPAN');
    expect(grey).toHaveClass('text');
    expect(grey).toHaveStyle({ color: theme.token?.colorTextDescription });
    expect(grey).not.toHaveClass('text--ellipsis');
    expect(grey).toHaveStyle({ fontSize: '12px' });
    const bold = screen.getByTestId('bold');
    expect(bold.tagName).toBe('STRONG');
    expect(bold).toHaveClass('text', 'text--ellipsis');
    expect(bold).toHaveTextContent('Acme Remote');
    expect(bold.getAttribute('style')).toBeNull();
  });
});
