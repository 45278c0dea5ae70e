import { site } from "~/config/site";
import { UiIcon } from "~/components/ui-icon";

export function ContactDetails({ text }: { text: string }) {
  return (
    <div>
      <h3 className="text-2xl font-bold">Get in Touch</h3>
      <p className="mt-3 text-slate-200">{text}</p>
      <ul className="mt-6 space-y-4">
        {site.emails.map((email) => (
          <li key={email} className="flex items-center gap-3">
            <UiIcon name="mail" className="size-5 text-accent-400" />
            <a href={`mailto:${email}`} className="hover:underline">
              {email}
            </a>
          </li>
        ))}
        <li className="flex items-center gap-3">
          <UiIcon name="phone" className="size-5 text-accent-400" />
          <a href={site.phone.href} className="hover:underline">
            {site.phone.display}
          </a>
        </li>
        <li className="flex items-center gap-3">
          <UiIcon name="map-pin" className="size-5 text-accent-400" />
          <span>{site.offices.join(" · ")}</span>
        </li>
      </ul>
    </div>
  );
}
