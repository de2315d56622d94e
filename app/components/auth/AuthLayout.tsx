import { Link } from "@remix-run/react";
import { Logo } from "~/components/shell/Logo";

/** The frame of the login, sign-up and recovery pages (the public header is hidden there). */
export function AuthLayout({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <main className="flex min-h-screen flex-col items-center bg-slate-50 px-4 py-10">
      <Link to="/" className="mb-8">
        <Logo />
      </Link>
      <div className="w-full max-w-md rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:p-8">
        <h1 className="text-2xl font-bold">{title}</h1>
        {children}
      </div>
    </main>
  );
}

/** Brand colours of the social buttons. */
const socialStyle = {
  kakao: "bg-[#FEE500] text-[#191919]",
  naver: "bg-[#03C75A] text-white",
  google: "border border-slate-300 bg-white text-slate-800",
} as const;

export function SocialButton({ provider, label }: { provider: keyof typeof socialStyle; label: string }) {
  // A plain link: the loader of /login/:provider redirects to the provider (no JavaScript needed).
  return (
    <a
      href={`/login/${provider}`}
      className={`flex w-full items-center justify-center rounded-lg px-4 py-2.5 text-sm font-semibold ${socialStyle[provider]}`}
      data-provider={provider}
    >
      {label}
    </a>
  );
}
