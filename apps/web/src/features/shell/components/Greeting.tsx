import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { greetingKey } from "../logic";

/** "Good morning, Ana": by the hour (before 12, 12 to 17, from 18), refreshed as the day goes on. */
export function Greeting({
  firstName,
  className,
}: {
  firstName?: string | null | undefined;
  className?: string;
}) {
  const { t } = useTranslation("shell");
  const [hour, setHour] = useState(() => new Date().getHours());
  useEffect(() => {
    const timer = setInterval(() => setHour(new Date().getHours()), 60_000);
    return () => clearInterval(timer);
  }, []);
  const key = greetingKey(hour);
  return (
    <span className={className} data-testid="greeting">
      {firstName ? t(`${key}Named`, { name: firstName }) : t(key)}
    </span>
  );
}
