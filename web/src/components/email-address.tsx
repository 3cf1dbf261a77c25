import { Fragment } from 'react';

/**
 * An e-mail address that wraps where a reader expects it to (after the @ and before each dot of the
 * domain) instead of mid-word, on a phone's narrow column; a part longer than the line still wraps.
 */
export function EmailAddress({ value, className }: { value: string; className?: string }) {
  const at = value.lastIndexOf('@');
  const local = at < 0 ? value : value.slice(0, at);
  const domainParts = at < 0 ? [] : value.slice(at + 1).split('.');
  return (
    <span className={['break-words', className].filter(Boolean).join(' ')}>
      {local}
      {at >= 0 && (
        <>
          <wbr />@
          {domainParts.map((part, index) => (
            <Fragment key={index}>
              {index > 0 && (
                <>
                  <wbr />.
                </>
              )}
              {part}
            </Fragment>
          ))}
        </>
      )}
    </span>
  );
}
