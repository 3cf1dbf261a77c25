import { type ComponentProps } from 'react';

type AuthFormProps = Omit<ComponentProps<'form'>, 'noValidate' | 'onChange' | 'className'> & {
  /** Any edit makes the last server answer stale, so its alert goes. */
  onEdit: () => void;
};

/** The frame of the auth forms: zod, not the browser, validates; fields stack in one column. */
export function AuthForm({ onEdit, ...props }: AuthFormProps) {
  return <form noValidate onChange={onEdit} className="grid gap-4" {...props} />;
}
