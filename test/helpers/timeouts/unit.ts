jest.setTimeout(5_000);
