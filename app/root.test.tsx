import { render, screen } from "@testing-library/react";
import { createRoutesStub, data } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ErrorBoundary } from "./root";

function Thrower(): never {
  throw new Error("kaboom");
}

describe("router fallback screen", () => {
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  it("shows the message of an error thrown while rendering (development)", async () => {
    const Stub = createRoutesStub([{ path: "/", Component: Thrower, ErrorBoundary: ErrorBoundary as never }]);
    render(<Stub />);
    expect(await screen.findByRole("heading", { name: "Unexpected Application Error!" })).toBeInTheDocument();
    expect(screen.getByText("kaboom")).toBeInTheDocument();
  });

  it("shows a visitor of the built site neither the message nor the stack", async () => {
    vi.stubEnv("DEV", false);
    const Stub = createRoutesStub([{ path: "/", Component: Thrower, ErrorBoundary: ErrorBoundary as never }]);
    const { container } = render(<Stub />);
    expect(await screen.findByRole("heading", { name: "Unexpected Application Error!" })).toBeInTheDocument();
    expect(screen.getByText(/Something went wrong while showing this page/)).toBeInTheDocument();
    expect(container.textContent).not.toContain("kaboom");
    expect(container.querySelector("pre")).toBeNull();
  });

  it("shows the status and status text of an error response", async () => {
    const Stub = createRoutesStub([
      {
        path: "/",
        loader: () => {
          throw data(null, { status: 503, statusText: "Service Unavailable" });
        },
        Component: () => null,
        ErrorBoundary: ErrorBoundary as never,
      },
    ]);
    render(<Stub />);
    expect(await screen.findByText("503 Service Unavailable")).toBeInTheDocument();
  });
});
