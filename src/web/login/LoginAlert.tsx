import { Icon } from './icons.js';

/** An error above a sign-in form, drawn as the notifications are (without MUI). */
export function LoginAlert({ message }: { message: string }) {
  return (
    <div className="login-alert" role="alert">
      <div className="login-alert__icon">
        <Icon name="error" />
      </div>
      <div className="login-alert__message">{message}</div>
    </div>
  );
}
